package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/net/html"

	"memlens/internal/corpus"
	"memlens/internal/htmlreport"
	"memlens/internal/report"
	"memlens/internal/sarif"
)

// reportSample is a corpus program per kind, in the mode that reports it,
// for the tests of memlens report, and programs whose text has parts a
// record must carry too, which their text must show (options: extra
// MEMLENS_OPTIONS items).
var reportSample = []struct{ name, mode, options, shows string }{
	{"hbo_2d_flat_stride", corpus.ModeDetect, "", ""},
	{"dpd_after_reuse", corpus.ModeDetect, "", ""},
	{"df_alias", corpus.ModeDetect, "", ""},
	{"uf_addressed_local", corpus.ModeDetect, "", ""},
	{"npd_array_index", corpus.ModeDetect, "", ""},
	{"sbo_2d_row", corpus.ModeDetect, "", ""},
	{"gbo_literal_overread", corpus.ModeDetect, "", ""},
	{"ioo_local_struct", corpus.ModeDetect, "", ""},
	{"uar_address_through_out_param", corpus.ModeDetect, "", ""},
	{"uas_block_pointer", corpus.ModeDetect, "", ""},
	{"inv_integer_handle", corpus.ModeDetect, "", ""},
	{"uir_array_sum", corpus.ModeFull, "", ""},
	{"row_const_global", corpus.ModeDetect, "", ""},
	{"leak_exit_asprintf", corpus.ModeDetect, "", ""},
	{"loss_block_scope", corpus.ModeFull, "", ""},
	{"loss_cycle_in_loop", corpus.ModeFull, "", ""},
	{"sov_tree_depth", corpus.ModeDetect, "", ""},
	{"ari_average_empty", corpus.ModeDetect, "", ""},
	{"ill_missing_case", corpus.ModeDetect, "", ""},
	{"ts_pool_overflow", corpus.ModeDetect, "", "PCK_Slot_Live: PCK_RW(PCK_Slot_Live) at main.c:54 in fill"}, // the grants in force
	{"dpd_thread", corpus.ModeDetect, "", "thread T2 created by T0 at:"},                                     // threads' creation stacks
	{"dpd_realloc_moved", corpus.ModeDetect, "", "freed (by realloc) by thread T0"},                          // freed (by realloc)
	{"df_tdestroy_freed_key", corpus.ModeDetect, "", "called from uninstrumented code at 0x"},                // called from uninstrumented code
	{"npd_strverscmp_missing_arg", corpus.ModeDetect, "", "the fault is in code built without memlens at 0x"},
	{"inv_integer_handle", corpus.ModeDetect, "symbolize=0", "the faulting line is not known (symbolize=0)"}, // the faulting line is not known
	{"loss_longjmp_skipped_frames", corpus.ModeFull, "", "one of the variables line (parse_line), field (parse_field) left scope: the longjmp skipped its frame"},
	{"dpd_cursor_small_explain_ring", corpus.ModeDetect, "", "older steps are gone: the newest 1024 are kept"}, // older steps are gone (explain_ring=1024)
}

// sampleRun is the sample built and run once for all the report tests:
// its sources in dir, each program's records in NAME.jsonl and all of
// them in all.jsonl.
type sampleRun struct {
	dir     string
	logs    []string          // NAME.jsonl, in reportSample's order
	shows   map[string]string // by log: what its text must show
	stderrs map[string][]byte // by log
	records []report.Record   // of all.jsonl
}

var (
	sampleOnce sync.Once
	sample     *sampleRun
	sampleErr  string
)

func runSample(t *testing.T) *sampleRun {
	t.Helper()
	needMemlens(t)
	sampleOnce.Do(func() { sample, sampleErr = buildSample() })
	if sampleErr != "" {
		t.Fatal(sampleErr)
	}
	return sample
}

func buildSample() (*sampleRun, string) {
	progs, err := corpus.LoadDir(filepath.Join("..", "testdata", "bugs"))
	if err != nil {
		return nil, err.Error()
	}
	byName := map[string]*corpus.Program{}
	for _, p := range progs {
		byName[p.Name] = p
	}
	dir, err := os.MkdirTemp(filepath.Dir(memlens), "report-") // (removed with memlens)
	if err != nil {
		return nil, err.Error()
	}
	s := &sampleRun{dir: dir, stderrs: map[string][]byte{}, shows: map[string]string{}}
	var all []byte
	for _, sp := range reportSample {
		p := byName[sp.name]
		if p == nil {
			return nil, "no corpus program " + sp.name
		}
		if err := copyProgram(p, dir); err != nil {
			return nil, err.Error()
		}
		exe := filepath.Join(dir, sp.name+"."+sp.mode+".exe")
		argv := []string{memlens, "cc"}
		if sp.mode == corpus.ModeFull {
			argv = append(argv, "--memlens-full")
		}
		if b, err := corpusBuild(nil, p, argv, exe); err != nil { // (kept for the run: sharedPrograms)
			return nil, "memlens cc " + sp.name + ": " + err.Error() + "\n$ " + b.command() + "\n" + head(b.out)
		}
		log := sp.name + ".jsonl"
		if sp.options != "" {
			log = sp.name + "." + strings.ReplaceAll(sp.options, "=", "-") + ".jsonl"
		}
		opts := "log_json=" + filepath.Join(dir, log)
		for _, o := range []string{p.OptionString(), sp.options} {
			if o != "" {
				opts += ":" + o
			}
		}
		run := execute(dir, exe, p, opts)
		data, err := os.ReadFile(filepath.Join(dir, log))
		if err != nil || len(data) == 0 {
			return nil, sp.name + " wrote no records (" + run.status + ")\n" + head(run.stderr)
		}
		s.logs = append(s.logs, log)
		s.shows[log] = sp.shows
		s.stderrs[log] = run.stderr
		all = append(all, data...)
	}
	if err := os.WriteFile(filepath.Join(dir, "all.jsonl"), all, 0o666); err != nil {
		return nil, err.Error()
	}
	recs, err := report.Read(bytes.NewReader(all), "all.jsonl")
	if err != nil {
		return nil, err.Error()
	}
	s.records = recs
	return s, ""
}

// memlensReport runs memlens report in dir; its stdout, stderr and exit
// status.
func memlensReport(t *testing.T, dir string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(memlens, append([]string{"report"}, args...)...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("memlens report: %v", err)
		}
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode()
}

var reportHead = regexp.MustCompile(`^==\d+== memlens: [A-Z-]+: `)

// reportTexts are the reports of a run's stderr: from each headline to
// its SUMMARY line (the leak summary and the program's own output left
// out).
func reportTexts(stderr []byte) string {
	var b strings.Builder
	in := false
	for _, l := range strings.SplitAfter(string(stderr), "\n") {
		if reportHead.MatchString(l) && !strings.Contains(l, "memlens: LEAK SUMMARY:") {
			in = true
		}
		if in {
			b.WriteString(l)
		}
		if strings.HasPrefix(l, "SUMMARY: memlens: ") {
			in = false
		}
	}
	return b.String()
}

// textDiff compares the text of a run's records (their sources in src)
// with the reports the run printed: "" when they are the same.
func textDiff(recs []report.Record, src string, stderr []byte) string {
	sources := report.NewSources(src)
	var got strings.Builder
	for i := range recs {
		got.WriteString(recs[i].Text(sources))
	}
	return firstDiff([]byte(reportTexts(stderr)), []byte(got.String()))
}

// TestReportText: memlens report's text is the report the program printed.
func TestReportText(t *testing.T) {
	t.Parallel()
	s := runSample(t)
	kinds := map[string]bool{}
	for _, log := range s.logs {
		got, errs, status := memlensReport(t, s.dir, log)
		if status != 0 || errs != "" {
			t.Errorf("memlens report %s: exit status %d, stderr %q", log, status, errs)
		}
		want := reportTexts(s.stderrs[log])
		if !strings.Contains(want, s.shows[log]) {
			t.Errorf("the report of %s does not show %q:\n%s", log, s.shows[log], want)
		}
		if got != want {
			t.Errorf("memlens report %s differs from the program's report: %s\nprogram's:\n%s\nmemlens report's:\n%s", log, firstDiff([]byte(want), []byte(got)), want, got)
		}
	}
	for _, r := range s.records {
		kinds[r.Kind] = true
	}
	for _, k := range corpus.Kinds {
		if !kinds[k] {
			t.Errorf("the sample has no %s record", k)
		}
	}
}

// TestReportSARIF validates the SARIF of every sample record against the
// SARIF 2.1.0 schema and checks what it says of them.
func TestReportSARIF(t *testing.T) {
	t.Parallel()
	s := runSample(t)
	out, errs, status := memlensReport(t, s.dir, "-format", "sarif", "-o", "out.sarif", "all.jsonl")
	if status != 0 || out != "" || errs != "" {
		t.Fatalf("memlens report -format sarif: exit status %d, stdout %q, stderr %q", status, out, errs)
	}
	data, err := os.ReadFile(filepath.Join(s.dir, "out.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, data)

	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID              string
				Level               string
				Locations           []json.RawMessage
				RelatedLocations    []json.RawMessage
				CodeFlows           []json.RawMessage
				PartialFingerprints map[string]string
			}
		}
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "memlens" || len(run.Tool.Driver.Rules) != len(corpus.Kinds) {
		t.Errorf("driver %q with %d rules, want memlens with one per kind (%d)", run.Tool.Driver.Name, len(run.Tool.Driver.Rules), len(corpus.Kinds))
	}
	if len(run.Results) != len(s.records) {
		t.Fatalf("%d results of %d records", len(run.Results), len(s.records))
	}
	for i, res := range run.Results {
		r := s.records[i]
		if res.RuleID != r.Kind {
			t.Errorf("result %d: ruleId %s, record %s", i, res.RuleID, r.String())
		}
		if (res.Level == "warning") != (r.Kind == "MEMORY-LEAK") {
			t.Errorf("result %d (%s): level %s", i, r.Kind, res.Level)
		}
		if len(res.CodeFlows) != len(r.Chains) || len(res.Locations) != 1 || res.PartialFingerprints["memlens/v1"] == "" {
			t.Errorf("result %d (%s): %d code flows for %d chains, %d locations, fingerprints %v", i, r.String(), len(res.CodeFlows), len(r.Chains), len(res.Locations), res.PartialFingerprints)
		}
		if r.Block != nil && r.Block.Alloc != nil && len(res.RelatedLocations) == 0 {
			t.Errorf("result %d (%s): no related location for the block's allocation", i, r.String())
		}
	}
}

func validateSARIF(t *testing.T, data []byte) {
	t.Helper()
	if err := sarifValid(data); err != nil {
		t.Fatal(err)
	}
}

var sarifSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	return c.Compile(filepath.Join("..", "internal", "sarif", "testdata", "sarif-schema-2.1.0.json"))
})

// sarifValid validates a SARIF log against the SARIF 2.1.0 schema.
func sarifValid(data []byte) error {
	sch, err := sarifSchema()
	if err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	if err := sch.Validate(doc); err != nil {
		return fmt.Errorf("the SARIF log is not valid against the SARIF 2.1.0 schema: %v", err)
	}
	return nil
}

// convertRecords converts a corpus run's records the ways memlens report
// does, and returns what went wrong: the SARIF must be valid, and no
// format may fail.
func convertRecords(recs []report.Record) []string {
	var problems []string
	var b bytes.Buffer
	if err := sarif.Write(&b, recs, sarif.Options{Version: "test"}); err != nil {
		problems = append(problems, "converting the records to SARIF: "+err.Error())
	} else if err := sarifValid(b.Bytes()); err != nil {
		problems = append(problems, err.Error())
	}
	b.Reset()
	if err := htmlreport.Write(&b, []htmlreport.Input{{Name: "log.jsonl", Records: recs}}, nil); err != nil {
		problems = append(problems, "converting the records to HTML: "+err.Error())
	}
	for i := range recs {
		if !strings.HasPrefix(recs[i].Text(nil), "==") {
			problems = append(problems, "the text of record "+recs[i].String()+" has no headline")
		}
	}
	return problems
}

// TestReportHTML checks the page of every sample record: one section per
// record, the expression marked, nothing fetched from elsewhere.
func TestReportHTML(t *testing.T) {
	t.Parallel()
	s := runSample(t)
	_, page := writeHTML(t, s)
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	checkPage(t, doc, s.records, false)
	if m := regexp.MustCompile(`(?i)(src|href)\s*=\s*"?(https?:|//)`).Find(page); m != nil {
		t.Errorf("the page refers to the network: %s", m)
	}
}

func writeHTML(t *testing.T, s *sampleRun) (path string, page []byte) {
	t.Helper()
	name := t.Name() + ".html" // (the sample's directory is shared by parallel tests)
	out, errs, status := memlensReport(t, s.dir, "-format", "html", "-o", name, "all.jsonl")
	if status != 0 || out != "" || errs != "" {
		t.Fatalf("memlens report -format html: exit status %d, stdout %q, stderr %q", status, out, errs)
	}
	path = filepath.Join(s.dir, name)
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, page
}

// checkPage checks the DOM of the page of recs; scripted: the page's
// script ran (a browser's DOM).
func checkPage(t *testing.T, doc *html.Node, recs []report.Record, scripted bool) {
	t.Helper()
	sections := findAll(doc, func(n *html.Node) bool { return n.Data == "section" && hasClass(n, "report") })
	if len(sections) != len(recs) {
		t.Fatalf("%d report sections for %d records", len(sections), len(recs))
	}
	kinds := map[string]int{}
	lineless, noExcerpt := 0, 0 // records whose line is not known (a fault with symbolize=0) have no excerpt
	for _, r := range recs {
		kinds[r.Kind]++
		if r.Line == 0 {
			lineless++
		}
	}
	for _, sec := range sections {
		kind := attr(sec, "data-kind")
		if kinds[kind] == 0 {
			t.Errorf("section %s of kind %q, which no record has (or more sections than records)", attr(sec, "id"), kind)
		}
		kinds[kind]--
		// every sample record's file is there: an excerpt, not a note
		if len(findAll(sec, func(n *html.Node) bool { return hasClass(n, "src") })) == 0 {
			noExcerpt++
		}
	}
	if noExcerpt != lineless {
		t.Errorf("%d sections without a source excerpt, %d records without a line", noExcerpt, lineless)
	}
	marks := findAll(doc, func(n *html.Node) bool { return n.Data == "mark" })
	if len(marks) == 0 {
		t.Error("no expression is marked")
	}
	steps := findAll(doc, func(n *html.Node) bool { return n.Data == "details" && hasClass(n, "step") })
	nsteps := 0
	for _, r := range recs {
		for _, c := range r.Chains {
			nsteps += len(c)
		}
	}
	if len(steps) != nsteps {
		t.Errorf("%d chain steps on the page, %d in the records", len(steps), nsteps)
	}
	rows := findAll(doc, func(n *html.Node) bool { return n.Data == "tr" && attr(n, "data-kind") != "" })
	if len(rows) != len(kinds) {
		t.Errorf("%d rows in the per-kind summary, want %d", len(rows), len(kinds))
	}
	body := findAll(doc, func(n *html.Node) bool { return n.Data == "body" })
	if len(body) != 1 || hasClass(body[0], "scripted") != scripted {
		t.Errorf("body's scripted class: %v, want %v", len(body) == 1 && hasClass(body[0], "scripted"), scripted)
	}
}

func findAll(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var found []*html.Node
	for c := range n.Descendants() {
		if c.Type == html.ElementNode && match(c) {
			found = append(found, c)
		}
	}
	return found
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasClass(n *html.Node, class string) bool {
	return slices.Contains(strings.Fields(attr(n, "class")), class)
}

// TestReportBrowser renders the page in headless Chromium (.ci/run
// installs Debian's chromium) and checks the DOM its script leaves.
func TestReportBrowser(t *testing.T) {
	t.Parallel()
	chromium := lookTool("chromium")
	if chromium == "" {
		t.Skip("chromium is not installed (apt-get install -y chromium): the HTML report is not rendered in a browser")
	}
	s := runSample(t)
	page, _ := writeHTML(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--dump-dom", "file://"+page)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium --dump-dom: %v\n%s", err, head(errb.Bytes()))
	}
	doc, err := html.Parse(&out)
	if err != nil {
		t.Fatal(err)
	}
	checkPage(t, doc, s.records, true)
}

// TestReportDamagedInput: damaged lines are named and skipped, the good
// records still converted, unknown fields accepted, the status says
// something was skipped, and -o is written whole or not at all.
func TestReportDamagedInput(t *testing.T) {
	t.Parallel()
	s := runSample(t)
	lines := strings.SplitAfter(strings.TrimSuffix(string(mustRead(t, filepath.Join(s.dir, "all.jsonl"))), "\n"), "\n")
	if len(lines) < 4 {
		t.Fatalf("the sample has %d records; the test needs 4", len(lines))
	}
	// line 1: a field a newer memlens may add; line 2: cut in the middle;
	// line 3: not JSON; the last: truncated, without its line end
	damaged := []string{
		strings.Replace(lines[0], `{"kind":`, `{"future_field":{"x":[1,2]},"kind":`, 1),
		lines[1][:len(lines[1])/2] + "\n",
		"\x00\x01garbage\n",
	}
	damaged = append(damaged, lines[2:len(lines)-1]...)
	last := lines[len(lines)-1]
	damaged = append(damaged, last[:len(last)/2])
	if err := os.WriteFile(filepath.Join(s.dir, "damaged.jsonl"), []byte(strings.Join(damaged, "")), 0o666); err != nil {
		t.Fatal(err)
	}
	var good []report.Record
	good = append(good, s.records[0])
	good = append(good, s.records[2:len(s.records)-1]...)
	var want strings.Builder
	src := report.NewSources(s.dir)
	for i := range good {
		want.WriteString(good[i].Text(src))
	}

	got, errs, status := memlensReport(t, s.dir, "damaged.jsonl")
	if status == 0 {
		t.Error("exit status 0 with damaged lines")
	}
	for _, n := range []int{2, 3, len(damaged)} {
		if prefix := "damaged.jsonl:" + strconv.Itoa(n) + ": "; !strings.Contains(errs, prefix) {
			t.Errorf("stderr does not name line %d (%q):\n%s", n, prefix, errs)
		}
	}
	if strings.Contains(errs, "damaged.jsonl:1:") || strings.Contains(errs, "panic") {
		t.Errorf("stderr:\n%s", errs)
	}
	if got != want.String() {
		t.Errorf("the good records' text differs: %s", firstDiff([]byte(want.String()), []byte(got)))
	}
	for _, format := range []string{"sarif", "html"} {
		_, errs, status := memlensReport(t, s.dir, "-format", format, "-o", "damaged."+format, "damaged.jsonl")
		if status == 0 || strings.Contains(errs, "panic") {
			t.Errorf("-format %s: exit status %d, stderr:\n%s", format, status, errs)
		}
		if format == "sarif" {
			validateSARIF(t, mustRead(t, filepath.Join(s.dir, "damaged.sarif")))
		}
	}

	// an output that cannot be written leaves nothing behind
	blocked := filepath.Join(s.dir, "blocked")
	if err := os.Mkdir(blocked, 0o555); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() != 0 { // (root writes anyway)
		_, errs, status = memlensReport(t, s.dir, "-format", "sarif", "-o", "blocked/out.sarif", "all.jsonl")
		if entries, _ := os.ReadDir(blocked); status == 0 || len(entries) != 0 {
			t.Errorf("unwritable output: exit status %d, left %v, stderr %q", status, entries, errs)
		}
	}
	// an existing output is replaced only by a complete one
	old := []byte("previous report\n")
	if err := os.WriteFile(filepath.Join(s.dir, "kept.html"), old, 0o666); err != nil {
		t.Fatal(err)
	}
	if _, _, status := memlensReport(t, s.dir, "-format", "html", "-o", "kept.html", "missing.jsonl"); status == 0 {
		t.Error("a missing input: exit status 0")
	}
	if page := mustRead(t, filepath.Join(s.dir, "kept.html")); !bytes.Equal(page, old) && !bytes.HasSuffix(page, []byte("</html>\n")) {
		t.Errorf("kept.html is neither the old file nor a whole page:\n%s", page)
	}
	entries, _ := filepath.Glob(filepath.Join(s.dir, ".kept.html.tmp*"))
	if len(entries) != 0 {
		t.Errorf("temporary files left: %v", entries)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
