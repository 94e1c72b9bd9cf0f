package sarif

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"memlens/internal/corpus"
	"memlens/internal/report"
)

// record is a DOUBLE-FREE record as the runtime writes it, with two chains.
const record = `{"kind":"DOUBLE-FREE","message":"free of 0x556cec56c2a0: 0x556cec56c2a0 is the start of 6-byte block #1, which was already freed","file":"src/df alias.c","line":24,"column":2,"function":"main","access":"free","size":0,"address":"0x556cec56c2a0","expr":"free(undo)","thread":0,"pid":31001,"stack":[{"function":"main","file":"src/df alias.c","line":24,"column":2}],"block":{"id":1,"size":6,"offset":0,"kind":"heap","alloc":{"file":"src/df alias.c","line":16,"function":"main","thread":0,"stack":[{"function":"main","file":"src/df alias.c","line":16,"column":11}]},"free":{"file":"src/df alias.c","line":22,"function":"main","thread":0,"stack":[{"function":"main","file":"src/df alias.c","line":22,"column":2}]}},"chains":[[{"file":"src/df alias.c","line":20,"column":7,"function":"main","stmt":"undo = d.text","to":"undo","how":"assign","thread":0},{"file":"src/df alias.c","line":16,"column":2,"function":"main","stmt":"d.text = malloc(d.len + 1)","to":"d.text","how":"store","thread":0,"origin":"allocation"}],[{"file":"src/df alias.c","line":16,"column":2,"function":"main","stmt":"d.text = malloc(d.len + 1)","to":"d.text","how":"store","thread":0,"origin":"allocation"}]]}`

func parse(t *testing.T, line string) report.Record {
	t.Helper()
	recs, err := report.Read(strings.NewReader(line), "test")
	if err != nil || len(recs) != 1 {
		t.Fatalf("%v %v", recs, err)
	}
	return recs[0]
}

func schema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	sch, err := c.Compile("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func encode(t *testing.T, recs []report.Record, opt Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, recs, opt); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestValid(t *testing.T) {
	r := parse(t, record)
	data := encode(t, []report.Record{r}, Options{Version: "v1.2.3", DocsURL: "file:///doc/REPORTS.md", Root: "/home/me/proj"})
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema(t).Validate(doc); err != nil {
		t.Fatalf("not valid: %v\n%s", err, data)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct {
							StartLine, StartColumn int
							Snippet                struct{ Text string }
						}
					}
				}
				CodeFlows []struct {
					ThreadFlows []struct {
						Locations []struct {
							Location struct{ Message struct{ Text string } }
						}
					}
				}
				RelatedLocations []json.RawMessage
			}
		}
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results[0]
	loc := res.Locations[0].PhysicalLocation
	if loc.ArtifactLocation.URI != "src/df%20alias.c" || loc.ArtifactLocation.URIBaseID != SourceRoot ||
		loc.Region.StartLine != 24 || loc.Region.StartColumn != 2 || loc.Region.Snippet.Text != "free(undo)" {
		t.Errorf("location %+v", loc)
	}
	if len(res.RelatedLocations) != 2 {
		t.Errorf("%d related locations, want the allocation and the free", len(res.RelatedLocations))
	}
	flow := res.CodeFlows[0].ThreadFlows[0].Locations
	if len(flow) != 2 || !strings.HasPrefix(flow[0].Location.Message.Text, "d.text = malloc") || !strings.HasPrefix(flow[1].Location.Message.Text, "undo = d.text") {
		t.Errorf("the first code flow is not oldest step first: %+v", flow)
	}
}

// The schema test can fail: a log the schema refuses is refused.
func TestSchemaRefuses(t *testing.T) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"memlens"}},"results":[{"message":{"text":"x"},"level":"fatal"}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if schema(t).Validate(doc) == nil {
		t.Error("a result with level \"fatal\" passed the schema")
	}
}

// Fingerprints depend on the bug, not on the run or the machine.
func TestFingerprintStable(t *testing.T) {
	a := parse(t, record)
	b := parse(t, strings.NewReplacer("0x556cec56c2a0", "0x7f0000001000", `"pid":31001`, `"pid":7`, `"line":24`, `"line":30`, `"id":1`, `"id":9`).Replace(record))
	c := parse(t, record)
	c.File, c.Stack[0].File = "/home/other/proj/src/df alias.c", "/home/other/proj/src/df alias.c"
	fp := func(r report.Record, root string) string {
		conv := converter{opt: Options{Root: root}}
		return conv.fingerprint(&r)
	}
	if fp(a, "") != fp(b, "") {
		t.Error("the fingerprint changed with the address, pid, block id or line")
	}
	if fp(a, "") != fp(c, "/home/other/proj") {
		t.Error("the fingerprint of an absolute path under the source root differs from the relative path's")
	}
	d := a
	d.Expr = "free(other)"
	if fp(a, "") == fp(d, "") {
		t.Error("two different expressions have one fingerprint")
	}
}

func TestRulesAreTheKinds(t *testing.T) {
	if len(Rules) != len(corpus.Kinds) {
		t.Fatalf("%d rules, %d kinds", len(Rules), len(corpus.Kinds))
	}
	for i, k := range corpus.Kinds {
		if Rules[i].Kind != k || Rules[i].Short == "" || Rules[i].Full == "" {
			t.Errorf("rule %d: %+v, kind %s", i, Rules[i], k)
		}
	}
}
