package schemacache

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/jackc/pgx/v5"
)

//go:embed sql/access.sql
var accessSQL string

// Querier runs a query; pgx.Tx, *pgx.Conn and *pgxpool.Pool implement it.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Access is what one role may use in one schema: the OIDs of the relations
// it holds any privilege on and of the functions it may execute.
type Access struct {
	Tables    map[uint32]bool
	Functions map[uint32]bool
}

// QueryAccess reads the current role's Access to schema. Run it in the
// request's transaction after the role is set.
func QueryAccess(ctx context.Context, q Querier, schema string) (*Access, error) {
	rows, err := q.Query(ctx, accessSQL, schema)
	if err != nil {
		return nil, fmt.Errorf("query access to %s: %w", schema, err)
	}
	defer rows.Close()
	a := &Access{Tables: map[uint32]bool{}, Functions: map[uint32]bool{}}
	for rows.Next() {
		var kind string
		var oid uint32
		if err := rows.Scan(&kind, &oid); err != nil {
			return nil, fmt.Errorf("query access to %s: %w", schema, err)
		}
		if kind == "r" {
			a.Tables[oid] = true
		} else {
			a.Functions[oid] = true
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("query access to %s: %w", schema, err)
	}
	return a, nil
}
