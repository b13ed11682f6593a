package validate

import (
	"errors"
	"strings"
	"testing"
)

func kindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}

func TestName(t *testing.T) {
	tests := []struct {
		name, file string
		want       Kind
		wantMsg    string
	}{
		{"plain", "report.pdf", 0, ""},
		{"unicode", "Übersicht 2024.docx", 0, ""},
		{"no extension", "README", 0, ""},
		{"empty", "", BadName, "File name is required"},
		{"slash", "a/b.txt", BadName, `File name "a/b.txt" must not contain slashes`},
		{"backslash", `..\..\win.ini`, BadName, `File name "..\\..\\win.ini" must not contain slashes`},
		{"parent", "..", BadName, `File name ".." must not contain parent-path sequences`},
		{"parent inside", "a..b.txt", BadName, `File name "a..b.txt" must not contain parent-path sequences`},
		{"nul", "a\x00.png", BadName, "File name must not contain control characters"},
		{"newline", "a\n.png", BadName, "File name must not contain control characters"},
		{"c1 control", "a\u0085.png", BadName, "File name must not contain control characters"},
		{"too long", strings.Repeat("é", 252) + ".txt", BadName, "File name is longer than 255 characters"},
		{"255 is fine", strings.Repeat("é", 251) + ".txt", 0, ""},
		{"device", "CON", BadName, `File name "CON" is reserved by the system`},
		{"device lower with ext", "lpt9.txt", BadName, `File name "lpt9.txt" is reserved by the system`},
		{"com0 is not a device", "com0.txt", 0, ""},
		{"console is not a device", "console.log", 0, ""},
		{"exe", "setup.exe", BlockedExtension, `File type "exe" is not allowed for security reasons`},
		{"upper case ext", "RUN.SH", BlockedExtension, `File type "sh" is not allowed for security reasons`},
		{"js blocked by extension", "app.js", BlockedExtension, `File type "js" is not allowed for security reasons`},
		{"double extension ends safe", "virus.exe.png", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Name(tt.file)
			if kindOf(err) != tt.want {
				t.Fatalf("Name(%q) = %v, want kind %d", tt.file, err, tt.want)
			}
			if err != nil && err.Error() != tt.wantMsg {
				t.Fatalf("message mismatch:\n got %s\nwant %s", err, tt.wantMsg)
			}
		})
	}
}

func TestType(t *testing.T) {
	allowed := []string{"image/png", "text/plain", "video/*"}
	tests := []struct {
		ct   string
		want bool
	}{
		{"image/png", true},
		{"IMAGE/PNG", true},
		{"text/plain;charset=UTF-8", true},
		{"video/webm", true},
		{"image/jpeg", false},
		{"application/x-msdownload", false},
		{"", false},
		{"garbage", false},
		// Lists and malformed parameters: a browser reads the last type
		// of a list (text/html here), so none of these is an allowed type.
		{"text/plain;charset=utf-8,text/html", false},
		{"image/png;x,text/html", false},
		{"image/png, text/html", false},
		{"image/png;x", false},
		{`text/plain; charset="utf-8,text/html"`, false},
	}
	for _, tt := range tests {
		if got := TypeAllowed(tt.ct, allowed); got != tt.want {
			t.Errorf("TypeAllowed(%q) = %v, want %v", tt.ct, got, tt.want)
		}
	}
	if !TypeAllowed("anything/at-all", nil) {
		t.Error("an empty allow-list must allow everything")
	}
	err := Type("application/x-msdownload", allowed)
	if err == nil || err.Error() != `File type "application/x-msdownload" is not supported` || kindOf(err) != UnsupportedType {
		t.Errorf("Type = %v", err)
	}
}

func TestContent(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
	tests := []struct {
		name, ct string
		head     []byte
		want     Kind
	}{
		{"png", "image/png", png, 0},
		{"jpeg", "image/jpeg", []byte{0xff, 0xd8, 0xff, 0xe0, 0, 0x10}, 0},
		{"gif", "image/gif", []byte("GIF89a\x01\x00"), 0},
		{"webp", "image/webp", []byte("RIFF\x24\x00\x00\x00WEBPVP8 "), 0},
		{"svg", "image/svg+xml", []byte("\xef\xbb\xbf<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), 0},
		{"spoofed png", "image/png", []byte("<html><script>alert(1)</script>"), BadSignature},
		{"png declared as jpeg", "image/jpeg", png, BadSignature},
		{"truncated png", "image/png", png[:4], BadSignature},
		{"empty webp", "image/webp", []byte("RIFF"), BadSignature},
		{"svg that is html", "image/svg+xml", []byte("<html><body>hi</body></html>"), BadSignature},
		{"pe as pdf", "application/pdf", []byte("MZ\x90\x00"), Dangerous},
		{"java class as zip", "application/zip", []byte{0xca, 0xfe, 0xba, 0xbe, 0, 0}, Dangerous},
		{"shebang as text", "text/plain", []byte("#!/bin/sh\nrm -rf /"), Dangerous},
		{"elf", "application/octet-stream", []byte("\x7fELF\x02\x01"), Dangerous},
		{"pdf", "application/pdf", []byte("%PDF-1.7"), 0},
		{"text", "text/plain;charset=UTF-8", []byte("hello"), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := kindOf(Content("f", tt.ct, tt.head)); got != tt.want {
				t.Fatalf("Content(%s) kind = %d, want %d", tt.ct, got, tt.want)
			}
		})
	}
	if got := Content("x.png", "image/png", []byte("nope")).Error(); got != `File "x.png" does not match its declared type "image/png"` {
		t.Errorf("message = %s", got)
	}
	if got := Content("x.bin", "application/pdf", []byte("MZ")).Error(); got != `File "x.bin" contains dangerous executable signature` {
		t.Errorf("message = %s", got)
	}
}

func TestMessages(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{TooLargeError("big.pdf", MaxFileSize(PlanFree)).Error(), `File "big.pdf" exceeds maximum size of 10MB`},
		{TooLargeError("big.pdf", MaxFileSize(PlanPro)).Error(), `File "big.pdf" exceeds maximum size of 100MB`},
		{TooLargeError("big.pdf", MaxFileSize(PlanTeam)).Error(), `File "big.pdf" exceeds maximum size of 100MB`},
		{TooLargeError("big.pdf", MaxFileSize("unknown")).Error(), `File "big.pdf" exceeds maximum size of 10MB`},
		{UnreadableError().Error(), "Cannot validate file signature"},
		{EmptyError("a.txt").Error(), `File "a.txt" is empty`},
		{FormatSize(0), "0 B"},
		{FormatSize(1536), "2 KB"},
		{FormatSize(12*MB + MB/2), "12.5 MB"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func FuzzName(f *testing.F) {
	// Groups of nasty inputs: traversal, NUL and control bytes, device
	// names, long and invalid UTF-8.
	for _, s := range []string{"../../etc/passwd", "..\\x", "a\x00b", "CON.txt", "nul", "a.exe", "\xff\xfe",
		strings.Repeat("a", 300), "ok.png", ".hidden", "x."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if Name(s) != nil {
			return
		}
		if strings.ContainsAny(s, "/\\\x00") || strings.Contains(s, "..") || s == "" {
			t.Fatalf("accepted %q", s)
		}
		if BlockedExtensions[Extension(s)] {
			t.Fatalf("accepted blocked extension %q", s)
		}
	})
}

func FuzzContent(f *testing.F) {
	f.Add("image/png", []byte("\x89PNG\r\n\x1a\n"))
	f.Add("image/svg+xml", []byte("<svg/>"))
	f.Add("text/plain", []byte("#!"))
	f.Fuzz(func(t *testing.T, ct string, head []byte) {
		err := Content("f", ct, head)
		if err == nil && len(head) >= 2 && string(head[:2]) == "MZ" {
			t.Fatal("accepted a PE header")
		}
	})
}
