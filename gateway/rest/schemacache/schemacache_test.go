package schemacache

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// fixture is a database with testdata/fixture.sql applied (schema api;
// the migrated app schema lives in public) and its snapshot.
type fixture struct {
	db   *pgtest.DB
	snap *Snapshot
}

func setup(t *testing.T) fixture {
	t.Helper()
	db := pgtest.New(t)
	sql, err := os.ReadFile("testdata/fixture.sql")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(t.Context(), string(sql)); err != nil {
		t.Fatalf("fixture: %v", err)
	}
	snap, err := Load(t.Context(), db.Pool, Config{Schemas: []string{"api"}})
	if err != nil {
		t.Fatal(err)
	}
	return fixture{db, snap}
}

// testLogger writes to t.Log.
func testLogger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(tWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type tWriter struct{ t testing.TB }

func (w tWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

var _ io.Writer = tWriter{}

var tableOpts = cmp.Options{
	cmpopts.IgnoreUnexported(Table{}),
	cmpopts.IgnoreFields(Table{}, "OID"),
	cmpopts.EquateEmpty(),
}

func TestLoadTables(t *testing.T) {
	f := setup(t)
	col := func(pos int, name, typ string, opts ...func(*Column)) *Column {
		c := &Column{Name: name, Position: pos, DataType: typ, NominalType: typ}
		for _, o := range opts {
			o(c)
		}
		return c
	}
	notNull := func(c *Column) { c.Nullable = false }
	nullable := func(c *Column) { c.Nullable = true }
	pk := func(c *Column) { c.PrimaryKey = true }
	def := func(d string) func(*Column) { return func(c *Column) { c.Default = d } }
	nominal := func(n string) func(*Column) { return func(c *Column) { c.NominalType = n } }
	maxLen := func(n int) func(*Column) { return func(c *Column) { c.MaxLength = n } }
	desc := func(d string) func(*Column) { return func(c *Column) { c.Description = d } }
	enum := []string{"todo", "doing", "done"}

	want := []*Table{
		{
			Schema: "api", Name: "client_names", Kind: KindMaterializedView, PrimaryKey: []string{"id"},
			Columns: []*Column{col(1, "id", "integer", nullable, pk), col(2, "name", "text", nullable)},
		},
		{
			Schema: "api", Name: "clients", Kind: KindTable, Description: "Clients\nwho pay",
			Insertable: true, Updatable: true, Deletable: true, PrimaryKey: []string{"id"},
			Columns: []*Column{col(1, "id", "integer", notNull, pk), col(2, "name", "text", notNull, desc("Display name"))},
		},
		{
			Schema: "api", Name: "employees", Kind: KindTable,
			Insertable: true, Updatable: true, Deletable: true, PrimaryKey: []string{"id"},
			Columns: []*Column{col(1, "id", "integer", notNull, pk), col(2, "manager_id", "integer", nullable)},
		},
		{
			Schema: "api", Name: "profiles", Kind: KindTable,
			Insertable: true, Updatable: true, Deletable: true, PrimaryKey: []string{"user_id"},
			Columns: []*Column{
				col(1, "user_id", "uuid", notNull, pk),
				// A domain over varchar(10) with a default.
				col(2, "bio", "character varying", nullable, nominal("api.short_text"), maxLen(10), def("'none'::character varying")),
			},
		},
		{
			Schema: "api", Name: "project_members", Kind: KindTable,
			Insertable: true, Updatable: true, Deletable: true, PrimaryKey: []string{"project_id", "user_id"},
			Columns: []*Column{
				col(1, "project_id", "integer", notNull, pk),
				col(2, "user_id", "uuid", notNull, pk),
				col(3, "role", "text", nullable),
			},
		},
		{
			Schema: "api", Name: "projects", Kind: KindTable,
			Insertable: true, Updatable: true, Deletable: true, PrimaryKey: []string{"id"},
			Columns: []*Column{
				col(1, "id", "integer", notNull, pk, def("nextval('api.projects_id_seq')"), func(c *Column) { c.Identity = "by default" }),
				col(2, "name", "character varying", notNull, nominal("character varying(40)"), maxLen(40), def("'untitled'::character varying")),
				col(3, "client_id", "integer", nullable),
			},
		},
		{
			// Keys follow the renamed column; auto-updatable.
			Schema: "api", Name: "projects_view", Kind: KindView,
			Insertable: true, Updatable: true, Deletable: true, PrimaryKey: []string{"project_id"},
			Columns: []*Column{
				col(1, "project_id", "integer", nullable, pk),
				col(2, "name", "character varying", nullable, nominal("character varying(40)"), maxLen(40)),
				col(3, "client_id", "integer", nullable),
			},
		},
		{
			// A view of a view: keys are traced to the base table.
			Schema: "api", Name: "projects_view_2", Kind: KindView,
			Insertable: true, Updatable: true, Deletable: true, PrimaryKey: []string{"project_id"},
			Columns: []*Column{
				col(1, "project_id", "integer", nullable, pk),
				col(2, "owner", "integer", nullable),
				col(3, "payer", "integer", nullable),
			},
		},
		{
			Schema: "api", Name: "tasks", Kind: KindTable,
			Insertable: true, Updatable: true, Deletable: true, PrimaryKey: []string{"id"},
			Columns: []*Column{
				col(1, "id", "bigint", notNull, pk, func(c *Column) { c.Identity = "always" }),
				col(2, "project_id", "integer", notNull),
				col(3, "created_by", "uuid", nullable),
				col(4, "assigned_to", "uuid", nullable),
				col(5, "status", "api.task_status", notNull, def("'todo'::api.task_status"), func(c *Column) { c.Enum = enum }),
				// A domain over a non-built-in type keeps its own name.
				col(6, "status2", "api.status_domain", nullable, func(c *Column) { c.Enum = enum }),
				col(7, "title", "text", notNull),
				col(8, "title_len", "integer", nullable, func(c *Column) { c.Generated = true }),
				col(9, "tags", "text[]", nullable),
			},
		},
		{
			Schema: "api", Name: "users", Kind: KindTable,
			Insertable: true, Updatable: true, Deletable: true, PrimaryKey: []string{"id"},
			Columns: []*Column{
				col(1, "id", "uuid", notNull, pk, def("extensions.gen_random_uuid()")),
				col(2, "email", "text", notNull),
			},
		},
	}
	if diff := cmp.Diff(want, f.snap.TablesIn("api"), tableOpts); diff != "" {
		t.Errorf("tables mismatch (-want +got):\n%s", diff)
	}
	if got := f.snap.TablesIn("hidden"); len(got) != 0 {
		t.Errorf("tables of an unexposed schema: %v", got)
	}
	if c := f.snap.Table("api", "tasks").Column("status"); c == nil || c.Name != "status" {
		t.Errorf("Column(status) = %v", c)
	}
}

// describe renders a relationship compactly for table-driven tests.
func describe(r Relationship) string {
	target := r.ForeignTable.Name
	switch {
	case r.Function != nil:
		return fmt.Sprintf("%s computed %s -> %s", r.Cardinality, r.Function.Name, target)
	case r.Junction != nil:
		j := r.Junction
		return fmt.Sprintf("%s %s via %s %v %v", r.Cardinality, target, j.Table.Name, j.SourceColumns, j.TargetColumns)
	}
	s := fmt.Sprintf("%s %s %s %v", r.Cardinality, target, r.Constraint, r.Columns)
	if r.IsParent {
		s += " parent"
	}
	return s
}

func describeAll(rels []Relationship) []string {
	var out []string
	for _, r := range rels {
		out = append(out, describe(r))
	}
	return out
}

func TestRelationships(t *testing.T) {
	f := setup(t)
	tests := []struct {
		source string
		want   []string
	}{
		{"projects", []string{
			// The matview selects clients.id: it inherits the reference.
			"many-to-one client_names projects_client_id_fkey [{client_id id}]",
			"one-to-many project_members project_members_project_id_fkey [{id project_id}]",
			"one-to-many tasks tasks_project_id_fkey [{id project_id}]",
			"many-to-many users via project_members [{id project_id}] [{id user_id}]",
			// The function clients(projects) replaces the foreign key
			// relationship to clients; computed ones sort last.
			"many-to-one computed clients -> clients",
			"one-to-many computed open_tasks -> tasks",
		}},
		{"users", []string{
			"one-to-one profiles profiles_user_id_fkey [{id user_id}] parent",
			"one-to-many project_members project_members_user_id_fkey [{id user_id}]",
			"many-to-many projects via project_members [{id user_id}] [{id project_id}]",
			"many-to-many projects_view via project_members [{id user_id}] [{project_id project_id}]",
			"many-to-many projects_view_2 via project_members [{id user_id}] [{project_id project_id}]",
			"one-to-many tasks tasks_assignee_fkey [{id assigned_to}]",
			"one-to-many tasks tasks_creator_fkey [{id created_by}]",
		}},
		{"profiles", []string{"one-to-one users profiles_user_id_fkey [{user_id id}]"}},
		{"employees", []string{
			"one-to-many employees employees_manager_id_fkey [{id manager_id}]",
			"many-to-one employees employees_manager_id_fkey [{manager_id id}]",
		}},
		{"projects_view_2", []string{
			// Two view columns select client_id: one relationship each.
			"many-to-one client_names projects_client_id_fkey [{owner id}]",
			"many-to-one client_names projects_client_id_fkey [{payer id}]",
			"many-to-one clients projects_client_id_fkey [{owner id}]",
			"many-to-one clients projects_client_id_fkey [{payer id}]",
			"one-to-many project_members project_members_project_id_fkey [{project_id project_id}]",
			"one-to-many tasks tasks_project_id_fkey [{project_id project_id}]",
			"many-to-many users via project_members [{project_id project_id}] [{id user_id}]",
		}},
		{"clients", []string{
			"one-to-many projects projects_client_id_fkey [{id client_id}]",
			"one-to-many projects_view projects_client_id_fkey [{id client_id}]",
			"one-to-many projects_view_2 projects_client_id_fkey [{id owner}]",
			"one-to-many projects_view_2 projects_client_id_fkey [{id payer}]",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			got := describeAll(f.snap.Relationships("api", tt.source))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}

	// One relationship in full, for the fields describe leaves out.
	got := f.snap.FindRelationships("api", "projects_view", "tasks", "")
	want := []Relationship{{
		Table: QualifiedName{"api", "projects_view"}, ForeignTable: QualifiedName{"api", "tasks"},
		Cardinality: OneToMany, Constraint: "tasks_project_id_fkey",
		Columns:     []ColumnPair{{"project_id", "project_id"}},
		TableIsView: true,
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("projects_view -> tasks mismatch (-want +got):\n%s", diff)
	}
}

func TestFindRelationship(t *testing.T) {
	f := setup(t)
	tests := []struct {
		name                 string
		source, target, hint string
		want                 string // the relationship found, or
		wantErr              error  // the error
	}{
		{name: "by table", source: "tasks", target: "projects", want: "many-to-one projects tasks_project_id_fkey [{project_id id}]"},
		// The computed open_tasks(projects) matches only by its own name.
		{name: "to many", source: "projects", target: "tasks", want: "one-to-many tasks tasks_project_id_fkey [{id project_id}]"},
		{name: "computed", source: "projects", target: "open_tasks", want: "one-to-many computed open_tasks -> tasks"},
		{name: "computed replaces fk", source: "projects", target: "clients", want: "many-to-one computed clients -> clients"},
		{name: "by constraint", source: "tasks", target: "tasks_creator_fkey", want: "many-to-one users tasks_creator_fkey [{created_by id}]"},
		{name: "by column", source: "tasks", target: "assigned_to", want: "many-to-one users tasks_assignee_fkey [{assigned_to id}]"},
		{name: "ambiguous", source: "tasks", target: "users", wantErr: &AmbiguousRelationshipError{}},
		{name: "hint constraint", source: "tasks", target: "users", hint: "tasks_creator_fkey", want: "many-to-one users tasks_creator_fkey [{created_by id}]"},
		{name: "hint column", source: "tasks", target: "users", hint: "assigned_to", want: "many-to-one users tasks_assignee_fkey [{assigned_to id}]"},
		{name: "hint referenced column is ambiguous", source: "tasks", target: "users", hint: "id", wantErr: &AmbiguousRelationshipError{}},
		{name: "hint junction", source: "users", target: "projects", hint: "project_members", want: "many-to-many projects via project_members [{id user_id}] [{id project_id}]"},
		{name: "one to one", source: "users", target: "profiles", want: "one-to-one profiles profiles_user_id_fkey [{id user_id}] parent"},
		{name: "self by table is to-many", source: "employees", target: "employees", want: "one-to-many employees employees_manager_id_fkey [{id manager_id}]"},
		{name: "self by column is to-one", source: "employees", target: "manager_id", want: "many-to-one employees employees_manager_id_fkey [{manager_id id}]"},
		{name: "self with hint", source: "employees", target: "employees", hint: "manager_id", want: "one-to-many employees employees_manager_id_fkey [{id manager_id}]"},
		{name: "view by name", source: "clients", target: "projects_view", want: "one-to-many projects_view projects_client_id_fkey [{id client_id}]"},
		{name: "view not by constraint", source: "projects_view_2", target: "projects_client_id_fkey", wantErr: &AmbiguousRelationshipError{}},
		{name: "view column hint", source: "projects_view_2", target: "clients", hint: "payer", want: "many-to-one clients projects_client_id_fkey [{payer id}]"},
		{name: "none", source: "clients", target: "users", wantErr: &NoRelationshipError{Schema: "api", Source: "clients", Target: "users"}},
		{name: "bad hint", source: "tasks", target: "users", hint: "nope", wantErr: &NoRelationshipError{Schema: "api", Source: "tasks", Target: "users", Hint: "nope"}},
		{name: "target typo", source: "tasks", target: "user", wantErr: &NoRelationshipError{Schema: "api", Source: "tasks", Target: "user", SuggestedTarget: "users"}},
		{name: "source typo", source: "task", target: "users", wantErr: &NoRelationshipError{Schema: "api", Source: "task", Target: "users", SuggestedSource: "tasks"}},
		{name: "unexposed schema", source: "projects", target: "secrets", wantErr: &NoRelationshipError{Schema: "api", Source: "projects", Target: "secrets", SuggestedTarget: "users"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := f.snap.FindRelationship("api", tt.source, tt.target, tt.hint)
			switch want := tt.wantErr.(type) {
			case nil:
				if err != nil {
					t.Fatalf("error %v", err)
				}
				if d := describe(got); d != tt.want {
					t.Errorf("got %q, want %q", d, tt.want)
				}
			case *AmbiguousRelationshipError:
				var amb *AmbiguousRelationshipError
				if !errors.As(err, &amb) || len(amb.Candidates) < 2 {
					t.Fatalf("error %v, want ambiguous", err)
				}
			case *NoRelationshipError:
				var none *NoRelationshipError
				if !errors.As(err, &none) {
					t.Fatalf("error %v, want no relationship", err)
				}
				if diff := cmp.Diff(want, none); diff != "" {
					t.Errorf("mismatch (-want +got):\n%s", diff)
				}
			}
		})
	}
}

func TestAmbiguousCandidates(t *testing.T) {
	f := setup(t)
	_, err := f.snap.FindRelationship("api", "tasks", "users", "")
	var amb *AmbiguousRelationshipError
	if !errors.As(err, &amb) {
		t.Fatalf("error %v", err)
	}
	want := []string{
		"many-to-one users tasks_assignee_fkey [{assigned_to id}]",
		"many-to-one users tasks_creator_fkey [{created_by id}]",
	}
	if diff := cmp.Diff(want, describeAll(amb.Candidates)); diff != "" {
		t.Errorf("candidates mismatch (-want +got):\n%s", diff)
	}
}

func TestLookupTable(t *testing.T) {
	f := setup(t)
	if tbl, err := f.snap.LookupTable("api", "tasks"); err != nil || tbl.Name != "tasks" {
		t.Fatalf("LookupTable(tasks) = %v, %v", tbl, err)
	}
	tests := []struct{ name, suggestion string }{
		{"taks", "tasks"},
		{"project", "projects"},
		{"zzz", ""},
		{"secrets", ""},
	}
	for _, tt := range tests {
		_, err := f.snap.LookupTable("api", tt.name)
		want := &TableNotFoundError{Schema: "api", Name: tt.name, Suggestion: tt.suggestion}
		var got *TableNotFoundError
		if !errors.As(err, &got) {
			t.Fatalf("LookupTable(%s) error %v", tt.name, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("LookupTable(%s) mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestLoadFunctions(t *testing.T) {
	f := setup(t)
	param := func(name, typ string, required bool) Param {
		return Param{Name: name, Type: typ, TypeMaxLength: typ, Required: required}
	}
	scalar := func(name string) ReturnType { return ReturnType{Schema: "pg_catalog", Name: name} }
	withDefault := param("b", "integer", false)
	withDefault.Default = "1"
	variadic := param("ids", "integer[]", true)
	variadic.Variadic = true
	want := []*Function{
		// Overloads: fewest parameters first.
		{Schema: "api", Name: "add", Params: []Param{param("a", "text", true)}, Return: scalar("text"), Volatility: Immutable},
		{Schema: "api", Name: "add", Params: []Param{param("a", "integer", true), withDefault}, Return: scalar("int4"), Volatility: Immutable},
		{Schema: "api", Name: "add", Params: []Param{param("x", "numeric", true), param("y", "numeric", true)}, Return: scalar("numeric"), Volatility: Immutable},
		{
			Schema: "api", Name: "client_projects", Description: "Projects of a client",
			Params: []Param{param("client", "integer", true)},
			Return: ReturnType{Schema: "api", Name: "projects", SetOf: true, Composite: true, Columns: []ReturnColumn{
				{"id", "integer"}, {"name", "character varying(40)"}, {"client_id", "integer"},
			}},
			Volatility: Stable,
		},
		// A single unnamed json parameter takes the whole body.
		{Schema: "api", Name: "echo", Params: []Param{param("", "json", true)}, Return: scalar("json"), Volatility: Immutable},
		// OUT parameters: one composite row.
		{
			Schema: "api", Name: "pair",
			Return:     ReturnType{Schema: "pg_catalog", Name: "record", Composite: true, Columns: []ReturnColumn{{"a", "integer"}, {"b", "text"}}},
			Volatility: Volatile,
		},
		{
			Schema: "api", Name: "project_stats",
			Return: ReturnType{Schema: "pg_catalog", Name: "record", SetOf: true, Composite: true, Columns: []ReturnColumn{
				{"project_id", "integer"}, {"open_tasks", "bigint"},
			}},
			Volatility: Stable,
		},
		{
			Schema: "api", Name: "touch", Params: []Param{variadic}, Return: scalar("void"),
			Volatility: Volatile, HasVariadic: true, Settings: []Setting{{"statement_timeout", "1s"}},
		},
		// unnamed(int, int) and the computed relationship functions, whose
		// only parameter is an unnamed row, cannot be called.
	}
	if diff := cmp.Diff(want, f.snap.FunctionsIn("api"), cmpopts.IgnoreFields(Function{}, "OID"), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("functions mismatch (-want +got):\n%s", diff)
	}
	fns := f.snap.Overloads("api", "client_projects")
	if len(fns) != 1 {
		t.Fatalf("client_projects: %d overloads", len(fns))
	}
	fn := fns[0]
	if tn, ok := fn.TableName(); !ok || tn != (QualifiedName{"api", "projects"}) || fn.ReturnsScalar() || fn.ReturnsSingleComposite() {
		t.Errorf("client_projects shape: table %v %v", tn, ok)
	}
	touch := f.snap.Overloads("api", "touch")[0]
	if !touch.ReturnsVoid() || !touch.ReturnsScalar() {
		t.Errorf("touch should return void")
	}
	if p, ok := f.snap.Overloads("api", "echo")[0].SingleUnnamedParam(); !ok || p.Type != "json" {
		t.Errorf("echo: single unnamed param %v %v", p, ok)
	}
}

func TestFindFunction(t *testing.T) {
	f := setup(t)
	tests := []struct {
		name    string
		fn      string
		args    []string
		payload Payload
		want    string // the chosen overload's signature, or
		wantErr error
	}{
		{name: "required only", fn: "add", args: []string{"x", "y"}, want: "api.add(x => numeric, y => numeric)"},
		{name: "with optional", fn: "add", args: []string{"a", "b"}, want: "api.add(a => integer, b => integer)"},
		{name: "ambiguous", fn: "add", args: []string{"a"}, wantErr: &AmbiguousFunctionError{}},
		{name: "unknown key", fn: "add", args: []string{"a", "z"}, wantErr: &FunctionNotFoundError{
			Schema: "api", Name: "add", Args: []string{"a", "z"}, Suggestion: "add(a, b)"}},
		{name: "missing required", fn: "client_projects", wantErr: &FunctionNotFoundError{
			Schema: "api", Name: "client_projects", Args: []string{}}},
		{name: "no params", fn: "project_stats", want: "api.project_stats()"},
		{name: "no params with args", fn: "project_stats", args: []string{"q"}, wantErr: &FunctionNotFoundError{
			Schema: "api", Name: "project_stats", Args: []string{"q"}}},
		{name: "json body", fn: "echo", args: []string{"anything"}, payload: PayloadJSON, want: "api.echo( => json)"},
		{name: "json body over GET", fn: "echo", args: []string{"anything"}, wantErr: &FunctionNotFoundError{
			Schema: "api", Name: "echo", Args: []string{"anything"}}},
		{name: "text body", fn: "echo", payload: PayloadText, wantErr: &FunctionNotFoundError{
			Schema: "api", Name: "echo", Args: []string{}, Payload: PayloadText}},
		{name: "repeated args", fn: "client_projects", args: []string{"client", "client"}, want: "api.client_projects(client => integer)"},
		{name: "name typo", fn: "client_project", args: []string{"client"}, wantErr: &FunctionNotFoundError{
			Schema: "api", Name: "client_project", Args: []string{"client"}, Suggestion: "client_projects"}},
		{name: "unexposed", fn: "unnamed", wantErr: &FunctionNotFoundError{Schema: "api", Name: "unnamed", Args: []string{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := f.snap.FindFunction("api", tt.fn, tt.args, tt.payload)
			switch want := tt.wantErr.(type) {
			case nil:
				if err != nil {
					t.Fatalf("error %v", err)
				}
				if got.Signature() != tt.want {
					t.Errorf("got %s, want %s", got.Signature(), tt.want)
				}
			case *AmbiguousFunctionError:
				var amb *AmbiguousFunctionError
				if !errors.As(err, &amb) {
					t.Fatalf("error %v, want ambiguous", err)
				}
				var sigs []string
				for _, f := range amb.Candidates {
					sigs = append(sigs, f.Signature())
				}
				wantSigs := []string{"api.add(a => text)", "api.add(a => integer, b => integer)"}
				if diff := cmp.Diff(wantSigs, sigs); diff != "" {
					t.Errorf("candidates mismatch (-want +got):\n%s", diff)
				}
			case *FunctionNotFoundError:
				var nf *FunctionNotFoundError
				if !errors.As(err, &nf) {
					t.Fatalf("error %v, want not found", err)
				}
				if diff := cmp.Diff(want, nf, cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("mismatch (-want +got):\n%s", diff)
				}
			}
		})
	}
}

func TestRoleSettings(t *testing.T) {
	f := setup(t)
	ctx := t.Context()
	// A database-specific setting wins over the role-wide one; settings
	// only a superuser may change are left out.
	for _, stmt := range []string{
		"ALTER ROLE authenticated IN DATABASE " + f.db.Name + " SET statement_timeout = '9s'",
		"ALTER ROLE service_role IN DATABASE " + f.db.Name + " SET log_min_duration_statement = '1s'",
		"ALTER ROLE service_role IN DATABASE " + f.db.Name + " SET search_path = public, extensions",
	} {
		if _, err := f.db.Pool.Exec(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := Load(ctx, f.db.Pool, Config{Schemas: []string{"api"}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		role string
		want []Setting
	}{
		{"anon", []Setting{{"statement_timeout", "3s"}}},
		{"authenticated", []Setting{{"statement_timeout", "9s"}}},
		{"service_role", []Setting{{"search_path", "public, extensions"}}},
		{"postgres", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, snap.RoleSettings(tt.role)); diff != "" {
			t.Errorf("RoleSettings(%s) mismatch (-want +got):\n%s", tt.role, diff)
		}
	}
}

// The authenticator, which the gateway's pool logs in as, can load the
// cache: the catalogs are public.
func TestLoadAsAuthenticator(t *testing.T) {
	f := setup(t)
	pool := connect(t, f.db.AuthenticatorURL())
	snap, err := Load(t.Context(), pool, Config{Schemas: []string{"api"}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(f.snap.TablesIn("api"), snap.TablesIn("api"), tableOpts); diff != "" {
		t.Errorf("tables differ from the superuser's (-super +authenticator):\n%s", diff)
	}
	if diff := cmp.Diff(f.snap.roleSettings, snap.roleSettings); diff != "" {
		t.Errorf("role settings differ (-super +authenticator):\n%s", diff)
	}
}

func TestMissingSchema(t *testing.T) {
	f := setup(t)
	snap, err := Load(t.Context(), f.db.Pool, Config{Schemas: []string{"nope", "api"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := snap.SchemaDescriptions["nope"]; ok {
		t.Errorf("a missing schema has a description entry")
	}
	if snap.Table("api", "tasks") == nil {
		t.Errorf("api.tasks missing")
	}
}

func TestCacheReload(t *testing.T) {
	f := setup(t)
	c := New(Config{Schemas: []string{"api"}}, testLogger(t))
	if c.Snapshot() != nil {
		t.Fatal("snapshot before the first load")
	}
	select {
	case <-c.Ready():
		t.Fatal("ready before the first load")
	default:
	}
	if _, err := c.Reload(t.Context(), f.db.Pool); err != nil {
		t.Fatal(err)
	}
	<-c.Ready()
	if c.Snapshot().Table("api", "tasks") == nil {
		t.Error("api.tasks missing")
	}
	// A failed load keeps the previous snapshot.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	before := c.Snapshot()
	if _, err := c.Reload(ctx, f.db.Pool); err == nil {
		t.Error("reload with a canceled context succeeded")
	}
	if c.Snapshot() != before {
		t.Error("failed reload replaced the snapshot")
	}
}
