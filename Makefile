# memlens: a memory debugger for C.
#
#   make install     go install ./cmd/memlens
#   make demo        build memlens, compile examples/demo.c with it and run it
#   make test        go test ./...
#   make bench       benchmark against native and AddressSanitizer (bench/README.md)
#   make bench-full  the same plus Valgrind (slow)
#
# BENCHFLAGS passes flags to the benchmark runner, e.g.
#   make bench BENCHFLAGS='-n 3 -programs tree,hash -json bench.json'

GO ?= go
BENCHFLAGS ?=

.PHONY: all install demo test bench bench-full

all: test

install:
	$(GO) install ./cmd/memlens

# examples/demo.c contains a deliberate memory bug: memlens reports it and the
# program exits with a non-zero status, so the run's status is ignored ("|| true").
# Building memlens or compiling the demo must still succeed.
demo:
	@set -e; d=$$(mktemp -d); trap 'rm -rf "$$d"' EXIT; \
	echo "$(GO) build -o $$d/memlens ./cmd/memlens"; \
	$(GO) build -o "$$d/memlens" ./cmd/memlens; \
	echo "memlens cc -g -o $$d/demo examples/demo.c"; \
	"$$d/memlens" cc -g -o "$$d/demo" examples/demo.c; \
	echo "running the demo (a bug report is expected):"; \
	"$$d/demo" || true

test:
	$(GO) test ./...

bench:
	$(GO) run ./bench $(BENCHFLAGS)

bench-full:
	$(GO) run ./bench -tools native,asan,memlens,valgrind $(BENCHFLAGS)
