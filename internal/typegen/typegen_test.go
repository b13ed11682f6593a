package typegen_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"daybase/internal/pgtest"
	"daybase/internal/typegen"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const fixture = `
CREATE SCHEMA gen;
CREATE TYPE gen.mood AS ENUM ('good', 'bad');
CREATE TYPE gen.point2 AS (x int, y int);
CREATE TABLE gen.t (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), m gen.mood, tags text[], n int NOT NULL,
  g int GENERATED ALWAYS AS (n * 2) STORED, "odd-name" jsonb);
CREATE TABLE gen.c (id int PRIMARY KEY, t_id uuid REFERENCES gen.t (id) UNIQUE);
CREATE VIEW gen.v AS SELECT id, n FROM gen.t;
CREATE FUNCTION gen.f(p_a int, p_b text DEFAULT 'x') RETURNS SETOF gen.t LANGUAGE sql AS 'SELECT * FROM gen.t';
CREATE FUNCTION gen.g() RETURNS TABLE (a int, b text) LANGUAGE sql AS 'SELECT 1, ''x''';
CREATE FUNCTION gen.h(p_ids uuid[]) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE FUNCTION gen.trg() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END';
`

func TestTypeScriptShape(t *testing.T) {
	ctx := context.Background()
	db := pgtest.New(t)
	if _, err := db.Pool.Exec(ctx, fixture); err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, db.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var out bytes.Buffer
	if err := typegen.TypeScript(ctx, conn, []string{"gen"}, &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"export type Database = {\n  gen: {\n    Tables: {\n      c: {",
		"          m: Database[\"gen\"][\"Enums\"][\"mood\"] | null\n          tags: string[] | null\n          n: number\n          g: number | null\n          \"odd-name\": Json | null\n",
		"        Insert: {\n          id?: string\n          m?: Database[\"gen\"][\"Enums\"][\"mood\"] | null\n          tags?: string[] | null\n          n: number\n          g?: never\n",
		"            foreignKeyName: \"c_t_id_fkey\"\n            columns: [\"t_id\"]\n            isOneToOne: true\n            referencedRelation: \"t\"\n            referencedColumns: [\"id\"]\n",
		"    Views: {\n      v: {\n        Row: {\n          id: string | null\n          n: number | null\n        }\n        Insert: {",
		"      f: {\n        Args: { p_a: number; p_b?: string; }\n        Returns: Database[\"gen\"][\"Tables\"][\"t\"][\"Row\"][]\n",
		"      g: {\n        Args: never\n        Returns: { a: number; b: string }[]\n",
		"      h: {\n        Args: { p_ids: string[]; }\n        Returns: boolean\n",
		"      mood: \"good\" | \"bad\"\n",
		"      point2: {\n        x: number | null\n        y: number | null\n",
		"export type Tables<",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks:\n%s", want)
		}
	}
	if strings.Contains(got, "trg:") {
		t.Error("trigger functions are not RPCs and must not be listed")
	}
	if t.Failed() {
		t.Logf("output:\n%s", got)
	}
}
