package parse

import (
	"net/http"
	"testing"
)

func TestParseMediaType(t *testing.T) {
	jsonMT := MediaType{Kind: MediaJSON}
	tests := []struct {
		in       string
		want     MediaType
		wantMime string
		wantCT   string
	}{
		{in: "application/json", want: jsonMT, wantMime: "application/json", wantCT: "application/json; charset=utf-8"},
		{in: "application/json; charset=utf-8", want: jsonMT, wantMime: "application/json"},
		{in: "APPLICATION/JSON", want: jsonMT, wantMime: "application/json"},
		{in: "*/*", want: MediaType{Kind: MediaAny}, wantMime: "*/*"},
		{in: "text/csv", want: MediaType{Kind: MediaCSV}, wantMime: "text/csv", wantCT: "text/csv; charset=utf-8"},
		{in: "application/geo+json", want: MediaType{Kind: MediaGeoJSON}, wantMime: "application/geo+json"},
		{in: "text/plain", want: MediaType{Kind: MediaTextPlain}, wantMime: "text/plain"},
		{in: "text/xml", want: MediaType{Kind: MediaTextXML}, wantMime: "text/xml"},
		{in: "application/openapi+json", want: MediaType{Kind: MediaOpenAPI}, wantMime: "application/openapi+json"},
		{in: "application/x-www-form-urlencoded", want: MediaType{Kind: MediaURLEncoded}, wantMime: "application/x-www-form-urlencoded"},
		{in: "application/octet-stream", want: MediaType{Kind: MediaOctetStream}, wantMime: "application/octet-stream", wantCT: "application/octet-stream"},
		{in: "application/vnd.pgrst.object+json", want: MediaType{Kind: MediaSingular}, wantMime: "application/vnd.pgrst.object+json",
			wantCT: "application/vnd.pgrst.object+json; charset=utf-8"},
		{in: "application/vnd.pgrst.object", want: MediaType{Kind: MediaSingular}, wantMime: "application/vnd.pgrst.object+json"},
		{in: "ApplicatIon/vnd.PgRsT.object+json", want: MediaType{Kind: MediaSingular}, wantMime: "application/vnd.pgrst.object+json"},
		{in: "application/vnd.pgrst.object+json;nulls=stripped", want: MediaType{Kind: MediaSingular, StripNulls: true},
			wantMime: "application/vnd.pgrst.object+json;nulls=stripped", wantCT: "application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8"},
		{in: "application/vnd.pgrst.object+json; NULLS=stripped", want: MediaType{Kind: MediaSingular, StripNulls: true},
			wantMime: "application/vnd.pgrst.object+json;nulls=stripped"},
		{in: "application/vnd.pgrst.object+json;nulls=STRIPPED", want: MediaType{Kind: MediaSingular}, wantMime: "application/vnd.pgrst.object+json"},
		{in: "application/vnd.pgrst.array+json;nulls=stripped", want: MediaType{Kind: MediaArrayStripped},
			wantMime: "application/vnd.pgrst.array+json;nulls=stripped"},
		{in: "application/vnd.pgrst.array+json", want: jsonMT, wantMime: "application/json"},
		{in: "application/vnd.pgrst.plan;", want: MediaType{Kind: MediaPlan, Plan: &Plan{For: jsonMT}},
			wantMime: `application/vnd.pgrst.plan+text; for="application/json"`},
		{in: `application/vnd.pgrst.plan;for="application/json"`, want: MediaType{Kind: MediaPlan, Plan: &Plan{For: jsonMT}},
			wantMime: `application/vnd.pgrst.plan+text; for="application/json"`},
		{in: `application/vnd.pgrst.plan ; for="text/xml" ; options=analyze`,
			want:     MediaType{Kind: MediaPlan, Plan: &Plan{For: MediaType{Kind: MediaTextXML}, Options: []PlanOption{PlanAnalyze}}},
			wantMime: `application/vnd.pgrst.plan+text; for="text/xml"; options=analyze`},
		{in: `application/vnd.pgrst.plan+json;for="text/csv"`, want: MediaType{Kind: MediaPlan, Plan: &Plan{For: MediaType{Kind: MediaCSV}, JSON: true}},
			wantMime: `application/vnd.pgrst.plan+json; for="text/csv"`},
		{in: `application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"; options=wal|buffers|settings|verbose|analyze|bogus`,
			want: MediaType{Kind: MediaPlan, Plan: &Plan{For: MediaType{Kind: MediaSingular},
				Options: []PlanOption{PlanAnalyze, PlanVerbose, PlanSettings, PlanBuffers, PlanWAL}}},
			wantMime: `application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"; options=analyze|verbose|settings|buffers|wal`,
			wantCT:   `application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"; options=analyze|verbose|settings|buffers|wal; charset=utf-8`},
		{in: `application/vnd.pgrst.plan;wat="application/json;text/csv"`, want: MediaType{Kind: MediaPlan, Plan: &Plan{For: jsonMT}},
			wantMime: `application/vnd.pgrst.plan+text; for="application/json"`},
		{in: "application/vnd.twkb", want: MediaType{Kind: MediaOther, Other: "application/vnd.twkb"}, wantMime: "application/vnd.twkb",
			wantCT: "application/vnd.twkb"},
		{in: "text/html;level=1", want: MediaType{Kind: MediaOther, Other: "text/html;level=1"}, wantMime: "text/html;level=1"},
		{in: "garbage", want: MediaType{Kind: MediaOther, Other: "garbage"}, wantMime: "garbage"},
		{in: "", want: MediaType{Kind: MediaOther}, wantMime: ""},
		{in: "application/json garbage", want: jsonMT, wantMime: "application/json"},
		{in: "t\xe9xt/html", want: MediaType{Kind: MediaOther, Other: "téxt/html"}, wantMime: "téxt/html"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := ParseMediaType(tt.in)
			diff(t, tt.want, got)
			diff(t, tt.wantMime, got.Mime())
			if tt.wantCT != "" {
				diff(t, tt.wantCT, got.ContentType())
			}
		})
	}
}

func TestParseAccept(t *testing.T) {
	jsonMT := MediaType{Kind: MediaJSON}
	tests := []struct {
		name   string
		accept []string
		want   []MediaType
	}{
		{name: "absent is anything", want: []MediaType{{Kind: MediaAny}}},
		{name: "empty accepts nothing", accept: []string{""}, want: nil},
		{name: "single", accept: []string{"application/vnd.pgrst.object+json"}, want: []MediaType{{Kind: MediaSingular}}},
		{name: "order as sent", accept: []string{"text/csv, application/json"}, want: []MediaType{{Kind: MediaCSV}, jsonMT}},
		{name: "q-values sort", accept: []string{"application/json;q=0.5, text/csv, */*;q=0.1"},
			want: []MediaType{{Kind: MediaCSV}, jsonMT, {Kind: MediaAny}}},
		{name: "specific before wildcard at the same q", accept: []string{"*/*, application/json"}, want: []MediaType{jsonMT, {Kind: MediaAny}}},
		{name: "parameters add specificity", accept: []string{"application/json, application/vnd.pgrst.object+json;nulls=stripped"},
			want: []MediaType{{Kind: MediaSingular, StripNulls: true}, jsonMT}},
		{name: "q=0 is kept, last", accept: []string{"text/csv;q=0, application/json"}, want: []MediaType{jsonMT, {Kind: MediaCSV}}},
		{name: "unreadable q is 1", accept: []string{"text/csv;q=x, application/json;q=0.9"}, want: []MediaType{{Kind: MediaCSV}, jsonMT}},
		{name: "parameters after q are dropped", accept: []string{"application/vnd.pgrst.object+json;q=0.9;nulls=stripped"},
			want: []MediaType{{Kind: MediaSingular}}},
		{name: "exponent q", accept: []string{"text/csv;q=1e-3, application/json;q=0.5"}, want: []MediaType{jsonMT, {Kind: MediaCSV}}},
		{name: "only the first header counts", accept: []string{"text/csv", "application/json"}, want: []MediaType{{Kind: MediaCSV}}},
		{name: "explain", accept: []string{`application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose;`},
			want: []MediaType{{Kind: MediaPlan, Plan: &Plan{For: jsonMT, Options: []PlanOption{PlanAnalyze, PlanVerbose}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tt.accept {
				h.Add("Accept", v)
			}
			diff(t, tt.want, ParseAccept(h))
		})
	}
}

func TestNegotiate(t *testing.T) {
	jsonMT := MediaType{Kind: MediaJSON}
	plan := func(forType MediaType) MediaType { return MediaType{Kind: MediaPlan, Plan: &Plan{For: forType}} }
	html := MediaType{Kind: MediaOther, Other: "text/html"}
	tests := []struct {
		name        string
		accepts     []MediaType
		planEnabled bool
		want        MediaType
		wantErr     *Error
	}{
		{name: "anything is json", accepts: []MediaType{{Kind: MediaAny}}, want: jsonMT},
		{name: "json", accepts: []MediaType{jsonMT}, want: jsonMT},
		{name: "csv", accepts: []MediaType{{Kind: MediaCSV}}, want: MediaType{Kind: MediaCSV}},
		{name: "geojson", accepts: []MediaType{{Kind: MediaGeoJSON}}, want: MediaType{Kind: MediaGeoJSON}},
		{name: "singular", accepts: []MediaType{{Kind: MediaSingular, StripNulls: true}}, want: MediaType{Kind: MediaSingular, StripNulls: true}},
		{name: "stripped array", accepts: []MediaType{{Kind: MediaArrayStripped}}, want: MediaType{Kind: MediaArrayStripped}},
		{name: "first acceptable wins", accepts: []MediaType{html, {Kind: MediaCSV}, jsonMT}, want: MediaType{Kind: MediaCSV}},
		{name: "plan when enabled", accepts: []MediaType{plan(jsonMT)}, planEnabled: true, want: plan(jsonMT)},
		{name: "plan of singular", accepts: []MediaType{plan(MediaType{Kind: MediaSingular})}, planEnabled: true, want: plan(MediaType{Kind: MediaSingular})},
		{name: "plan when disabled", accepts: []MediaType{plan(jsonMT)},
			wantErr: &Error{Code: "PGRST107", Message: `None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"`, Status: 406}},
		{name: "plan of an unknown type", accepts: []MediaType{plan(html)}, planEnabled: true,
			wantErr: &Error{Code: "PGRST107", Message: `None of these media types are available: application/vnd.pgrst.plan+text; for="text/html"`, Status: 406}},
		{name: "nothing acceptable", accepts: []MediaType{html, {Kind: MediaTextXML}},
			wantErr: &Error{Code: "PGRST107", Message: "None of these media types are available: text/html, text/xml", Status: 406}},
		{name: "empty accept", accepts: nil,
			wantErr: &Error{Code: "PGRST107", Message: "None of these media types are available: ", Status: 406}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Negotiate(tt.accepts, tt.planEnabled)
			diff(t, tt.wantErr, asError(t, err))
			diff(t, tt.want, got)
		})
	}
}

func TestNegotiateRoot(t *testing.T) {
	openapi := MediaType{Kind: MediaOpenAPI}
	tests := []struct {
		name    string
		accepts []MediaType
		want    MediaType
		wantErr *Error
	}{
		{name: "anything", accepts: []MediaType{{Kind: MediaAny}}, want: openapi},
		{name: "json", accepts: []MediaType{{Kind: MediaCSV}, {Kind: MediaJSON}}, want: openapi},
		{name: "openapi", accepts: []MediaType{openapi}, want: openapi},
		{name: "csv", accepts: []MediaType{{Kind: MediaCSV}},
			wantErr: &Error{Code: "PGRST107", Message: "None of these media types are available: text/csv", Status: 406}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NegotiateRoot(tt.accepts)
			diff(t, tt.wantErr, asError(t, err))
			diff(t, tt.want, got)
		})
	}
}
