#!/bin/sh
# Builds memlens into ./bin, compiles examples/demo.c with it and runs it.
# The demo has a deliberate bug: the report on stderr is the point.
set -e
cd "$(dirname "$0")"
mkdir -p bin
go build -o bin/memlens ./cmd/memlens
echo "$ bin/memlens cc -g -O1 -o bin/demo examples/demo.c"
bin/memlens cc -g -O1 -o bin/demo examples/demo.c
echo "$ bin/demo"
bin/demo || echo "(exit status $?: memlens reported errors)"
