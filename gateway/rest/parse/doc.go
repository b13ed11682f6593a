// Package parse reads a PostgREST request — method, path, query string and
// headers — into a typed [Request], without touching the database. It is
// the first stage of gateway/rest: parse → plan (resolve names against the
// schema cache) → sql (render one statement) → execute.
//
// The grammar is PostgREST v13's (src/PostgREST/ApiRequest/QueryParams.hs),
// and so are the errors: a malformed parameter is a 400 PGRST100 whose
// message and details are what PostgREST, and therefore every supabase-js
// test snapshot, shows:
//
//	GET /items?order=id.asc.nullslasttt
//	→ {"code":"PGRST100","details":"unexpected 't' expecting \",\" or end of input",
//	   "hint":null,"message":"\"failed to parse order (id.asc.nullslasttt)\" (line 1, column 17)"}
//
// To get those strings right the grammar is written on a small
// re-implementation of Haskell's parsec (parsec.go) and transcribes
// PostgREST's parsers one for one, quirks included: a trailing "garbage" in
// "id=in.(1,2)garbage" is ignored, "select=*!x" selects everything, an
// unreadable limit is no limit.
//
// # What the query string means
//
// Keys are classified as PostgREST does:
//
//   - select, columns, on_conflict: [Request.Select], [Request.Columns],
//     [Request.OnConflict] (the first occurrence counts);
//   - keys whose last dot-separated segment is order, limit, offset, and or
//     or: [Request.Order], [Request.Range] / [Request.EmbedRanges],
//     [Request.Logic]; what precedes is an embed path ("clients.order");
//   - every other key with a value is a filter, [Request.Filters]:
//     "clients.name=eq.x" filters the embedded clients. In a GET or HEAD
//     /rpc call a value that is not an operator expression makes the
//     parameter a function argument, [Request.Args], instead.
//
// A sketch of a request and what comes out:
//
//	GET /projects?select=id,client:clients!inner(name)&client.name=ilike.*soft*
//	    &or=(id.lt.3,id.gt.8)&order=id.desc&limit=2
//
//	Select   [id, Embed{Relation: clients, Alias: client, Join: inner, Select: [name]}]
//	Filters  [Filter{Path: [client], Field: name, Op: ilike, Value: "*soft*"}]
//	Logic    [Logic{Tree: or(id.lt.3, id.gt.8)}]
//	Order    [Order{Terms: [id desc]}]
//	Range    Range{Offset: 0, Limit: 2, HasLimit: true}
//
// # What the planner resolves
//
// Nothing here is checked against the schema. The planner must:
//
//   - resolve the [Resource] in the schema of [Request.Profile] (406
//     PGRST106 for a schema that is not exposed, 404 PGRST205/PGRST202);
//   - resolve each [Embed] to a relationship (PGRST200/PGRST201) and find
//     the embed paths of filters, logic trees, orders and ranges among the
//     select's embeds, by alias or else by relation name (PGRST108);
//   - tell a root filter on an embed's name ("clients=not.is.null", also
//     inside logic trees) from a column filter;
//   - reject aggregates unless enabled (PGRST123) and related orders on
//     to-many embeds (PGRST118);
//   - negotiate the response media type ([Negotiate], after looking up
//     media-type handlers defined in the database) and call
//     [Preferences.Check] at the point PostgREST raises PGRST122.
//
// Values stay raw: filter values are sent to PostgreSQL as untyped
// parameters and only the column type decides how they read. The one
// rewrite PostgREST makes, '*' to '%' in like and ilike patterns, is
// [Filter.Operand].
//
// # Departures from PostgREST
//
// Select embeds and logic trees nest at most 100 deep; query strings that
// are not UTF-8 after percent-decoding are a 400 rather than a 500;
// Content-Location's percent-encoding is byte-wise rather than
// double-encoded; limit and offset saturate at ±2^60.
package parse
