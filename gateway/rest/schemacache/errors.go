package schemacache

import (
	"fmt"
	"strings"
)

// The lookups of a Snapshot fail with these errors; they carry what
// PostgREST's PGRST2xx responses report. gateway/rest renders them
// (wording, status, hint) in its one error table; Error() is for logs.

// TableNotFoundError is PGRST205: no relation of that name in the schema.
type TableNotFoundError struct {
	Schema, Name string
	// Suggestion is a similarly named relation of Schema, or "".
	Suggestion string
}

func (e *TableNotFoundError) Error() string {
	return fmt.Sprintf("schema cache: no table %s.%s", e.Schema, e.Name)
}

// ColumnNotFoundError is PGRST204: a body key or columns= entry names no
// column of the target relation. The planner builds it; Table is the
// relation's name without schema, as PostgREST prints it.
type ColumnNotFoundError struct {
	Table, Column string
}

func (e *ColumnNotFoundError) Error() string {
	return fmt.Sprintf("schema cache: no column %q in %s", e.Column, e.Table)
}

// NoRelationshipError is PGRST200: nothing in Source's relationships
// matches the embedded Target (and Hint).
type NoRelationshipError struct {
	Schema, Source, Target, Hint string
	// SuggestedSource is set when Source has no relationships at all and a
	// similarly named relation has; SuggestedTarget when Source has
	// relationships, one of them to a similarly named relation.
	SuggestedSource string
	SuggestedTarget string
}

func (e *NoRelationshipError) Error() string {
	return fmt.Sprintf("schema cache: no relationship between %s and %s in schema %s", e.Source, e.Target, e.Schema)
}

// AmbiguousRelationshipError is PGRST201 (HTTP 300): several relationships
// match; Candidates are in PostgREST's order.
type AmbiguousRelationshipError struct {
	Source, Target string
	Candidates     []Relationship
}

func (e *AmbiguousRelationshipError) Error() string {
	return fmt.Sprintf("schema cache: %d relationships between %s and %s", len(e.Candidates), e.Source, e.Target)
}

// FunctionNotFoundError is PGRST202: no overload of Schema.Name accepts
// the argument names Args (sorted).
type FunctionNotFoundError struct {
	Schema, Name string
	Args         []string
	Payload      Payload
	// Suggestion follows "Perhaps you meant to call the function Schema."
	// in the hint: another function's name, or Name with the closest
	// overload's parameters ("f(a, b)"); "" for none.
	Suggestion string
}

func (e *FunctionNotFoundError) Error() string {
	return fmt.Sprintf("schema cache: no function %s.%s(%s)", e.Schema, e.Name, strings.Join(e.Args, ", "))
}

// RawBody reports whether the call sent a text, xml or binary body for a
// single unnamed parameter (PostgREST then names no parameters).
func (e *FunctionNotFoundError) RawBody() bool { return e.Payload.rawBody() }

// AmbiguousFunctionError is PGRST203 (HTTP 300): several overloads accept
// the arguments.
type AmbiguousFunctionError struct {
	Candidates []*Function
}

func (e *AmbiguousFunctionError) Error() string {
	var sigs []string
	for _, f := range e.Candidates {
		sigs = append(sigs, f.Signature())
	}
	return "schema cache: ambiguous function call: " + strings.Join(sigs, ", ")
}
