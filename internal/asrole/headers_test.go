package asrole

import (
	"encoding/json"
	"net/http"
	"testing"
)

// headerJSON renders what json.Marshal renders for the same map.
func TestRequestHeadersJSON(t *testing.T) {
	h := http.Header{
		"Accept":        {"application/json"},
		"X-Many":        {"a", "b"},
		"X-Odd":         {"quote \" back \\ nl \n tab \t ctl \x01 html <>& ls \u2028 bad \xff é 😀"},
		"Authorization": {"Bearer x"},
		"Cookie":        {"a=1; b=two"},
		"Prefer":        {""},
	}
	got, cookies, err := headerJSON(h)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for k, v := range h {
		if k != "Cookie" {
			var joined string
			for i, s := range v {
				if i > 0 {
					joined += ", "
				}
				joined += s
			}
			want[lowerASCII(k)] = joined
		}
	}
	wb, _ := json.Marshal(want)
	if got != string(wb) {
		t.Errorf("headers\n got %s\nwant %s", got, wb)
	}
	if cookies != `{"a":"1","b":"two"}` {
		t.Errorf("cookies %s", cookies)
	}
	if _, c, _ := headerJSON(http.Header{"Accept": {"*/*"}}); c != "{}" {
		t.Errorf("no cookies: %s", c)
	}
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func TestRequestHeaders(t *testing.T) {
	headers, cookies, err := headerJSON(http.Header{
		"Accept":        {"application/json"},
		"X-Forwarded":   {"a", "b"},
		"Cookie":        {"a=1; b=2"},
		"Authorization": {"Bearer x"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"accept":"application/json","authorization":"Bearer x","x-forwarded":"a, b"}`; headers != want {
		t.Errorf("headers %s, want %s", headers, want)
	}
	if want := `{"a":"1","b":"2"}`; cookies != want {
		t.Errorf("cookies %s, want %s", cookies, want)
	}
}
