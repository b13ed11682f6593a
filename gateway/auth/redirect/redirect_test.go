package redirect

import "testing"

func TestAllowed(t *testing.T) {
	allow := []string{"http://localhost:*/**", "https://*.example.net/cb"}
	for raw, want := range map[string]bool{
		"https://app.example.com/welcome":  true,  // the site's host
		"https://APP.example.com":          true,  // hosts compare without case
		"https://evil.example.org/":        false, // another host
		"https://user@app.example.com/":    false, // userinfo: refused
		"http://localhost:3000/a/b":        true,  // the allow list, ** across "/"
		"https://a.example.net/cb":         true,  // * within one segment
		"https://a.b/c.example.net/cb":     false, // * does not cross "/"
		"javascript:alert(1)":              false,
		"/relative":                        false,
		"ftp://app.example.com/x":          false,
		"https://app.example.com.evil.org": false,
	} {
		if got := Allowed(raw, "https://app.example.com", allow); got != want {
			t.Errorf("Allowed(%q) = %v, want %v", raw, got, want)
		}
	}
	if !Allowed("http://127.0.0.1:5173/", "http://localhost:54321", nil) {
		t.Error("a loopback redirect for a loopback site was refused")
	}
}
