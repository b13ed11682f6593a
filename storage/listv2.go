package storage

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// listV2Entry is one folder or object of listV2(). The JSON is the hosted
// API's search_v2 row (supabase/storage migrations 0050, src/storage/
// object.ts listObjectsV2): folders have a null id, times and metadata
// when listed by name, and names ending in '/'; key, the last segment
// below the prefix, is sent only when listing with a delimiter.
type listV2Entry struct {
	Key            *string         `json:"key,omitempty"`
	Name           string          `json:"name"`
	ID             *string         `json:"id"`
	UpdatedAt      *jsTime         `json:"updated_at"`
	CreatedAt      *jsTime         `json:"created_at"`
	LastAccessedAt *jsTime         `json:"last_accessed_at"`
	Metadata       json.RawMessage `json:"metadata"`
}

// listV2Result is listV2()'s answer; storage-js reads hasNext, nextCursor,
// folders and objects. The names are wire contract.
type listV2Result struct {
	HasNext       bool          `json:"hasNext"`
	NextCursor    string        `json:"nextCursor,omitempty"`
	NextCursorKey string        `json:"nextCursorKey,omitempty"`
	Folders       []listV2Entry `json:"folders"`
	Objects       []listV2Entry `json:"objects"`
}

// listV2Cursor is where the next page starts: the last row of this one.
// It is encoded as the hosted API encodes it (base64 of "l:", "o:", "c:"
// and "a:" lines), so it stays opaque to clients either way.
type listV2Cursor struct {
	after  string // the last name
	order  string // asc or desc
	column string // name, created_at or updated_at
	time   string // the last row's sort time, ISO 8601, for time orders
}

func (c listV2Cursor) encode() string {
	var b strings.Builder
	for _, p := range [][2]string{{"l", c.after}, {"o", c.order}, {"c", c.column}, {"a", c.time}} {
		if p[1] != "" {
			b.WriteString(p[0] + ":" + p[1] + "\n")
		}
	}
	return base64.StdEncoding.EncodeToString([]byte(strings.TrimSuffix(b.String(), "\n")))
}

func decodeListV2Cursor(s string) (listV2Cursor, error) {
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return listV2Cursor{}, errInvalidParameter("cursor")
	}
	c := listV2Cursor{order: "asc"}
	for _, line := range strings.Split(string(raw), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || len(k) != 1 {
			return listV2Cursor{}, errInvalidParameter("cursor")
		}
		switch k {
		case "l":
			c.after = v
		case "o":
			c.order = v
		case "c":
			c.column = v
		case "a":
			c.time = v
		default:
			return listV2Cursor{}, errInvalidParameter("cursor")
		}
	}
	return c, nil
}

// listObjectsV2 is listV2(): POST /object/list-v2/{bucket}
// {"prefix","limit","cursor","with_delimiter","sortBy":{"column","order"}}.
// Pages are keyset pages: a cursor names the last row seen, so a page
// never repeats or skips rows when others are added meanwhile.
func (s *Server) listObjectsV2(w http.ResponseWriter, r *http.Request) error {
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	var body struct {
		Prefix        string `json:"prefix"`
		Limit         *int   `json:"limit"`
		Cursor        string `json:"cursor"`
		WithDelimiter bool   `json:"with_delimiter"`
		SortBy        *struct {
			Column string `json:"column"`
			Order  string `json:"order"`
		} `json:"sortBy"`
	}
	if err := readJSON(w, r, &body); err != nil {
		return err
	}
	if strings.ContainsRune(body.Prefix, 0) || len(body.Prefix) > maxNameLen {
		return errInvalidKey(printable(body.Prefix))
	}
	limit := 1000
	if body.Limit != nil {
		if *body.Limit < 1 {
			return errInvalidRequest("limit must be at least 1")
		}
		limit = min(*body.Limit, 1000)
	}
	cur := listV2Cursor{column: "name", order: "asc"}
	if body.SortBy != nil {
		if body.SortBy.Column != "" {
			cur.column = body.SortBy.Column
		}
		if body.SortBy.Order != "" {
			cur.order = body.SortBy.Order
		}
	}
	if body.Cursor != "" {
		// The cursor's order wins: a page continues the listing it came from.
		next, err := decodeListV2Cursor(body.Cursor)
		if err != nil {
			return err
		}
		if next.column == "" {
			next.column = cur.column
		}
		cur = next
	}
	switch cur.column {
	case "name", "created_at", "updated_at":
	default:
		return errInvalidRequest("sortBy.column must be name, created_at or updated_at")
	}
	if cur.order != "asc" && cur.order != "desc" {
		return errInvalidRequest("sortBy.order must be asc or desc")
	}
	var after *time.Time
	if cur.time != "" {
		t, err := time.Parse(time.RFC3339Nano, cur.time)
		if err != nil {
			return errInvalidParameter("cursor")
		}
		after = &t
	}

	bucketID := r.PathValue("bucket")
	type row struct {
		entry    listV2Entry
		folder   bool
		sortTime time.Time
	}
	var rows []row
	err = s.asCaller(r.Context(), c, func(tx pgx.Tx) error {
		q, _ := tx.Query(r.Context(), stmt.ObjectsListV2, bucketID, body.Prefix, body.WithDelimiter,
			cur.column, cur.order == "asc", limit+1, cur.after, after)
		var (
			x                          row
			updated, created, accessed *time.Time
			meta                       []byte
		)
		_, err := pgx.ForEachRow(q, []any{&x.entry.Name, &x.entry.ID, &updated, &created, &accessed, &meta, &x.folder, &x.sortTime},
			func() error {
				e := x
				e.entry.UpdatedAt, e.entry.CreatedAt, e.entry.LastAccessedAt = jsTimePtr(updated), jsTimePtr(created), jsTimePtr(accessed)
				e.entry.Metadata = rawOrNull(meta)
				rows = append(rows, e)
				return nil
			})
		return err
	})
	if err != nil {
		return err
	}

	out := listV2Result{Folders: []listV2Entry{}, Objects: []listV2Entry{}}
	if len(rows) > limit {
		last := rows[limit-1]
		rows = rows[:limit]
		next := listV2Cursor{after: last.entry.Name, order: cur.order, column: cur.column}
		if cur.column != "name" {
			next.time = last.sortTime.UTC().Format(jsLayout)
		}
		out.HasNext, out.NextCursor, out.NextCursorKey = true, next.encode(), last.entry.Name
	}
	// key is the name's segment at the prefix's depth, as search_v2 gives it.
	level := strings.Count(body.Prefix, "/")
	for _, x := range rows {
		e := x.entry
		if body.WithDelimiter {
			key := strings.Split(e.Name, "/")
			k := ""
			if level < len(key) {
				k = key[level]
			}
			e.Key = &k
		}
		if x.folder {
			e.Name += "/"
			if cur.column == "name" {
				e.UpdatedAt, e.CreatedAt = nil, nil
			}
			out.Folders = append(out.Folders, e)
			continue
		}
		out.Objects = append(out.Objects, e)
	}
	return writeJSON(w, http.StatusOK, out)
}
