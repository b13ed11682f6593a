package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// apiServer is a running daybase serve on a fresh data dir, with its keys,
// for tests that speak HTTP to the real binary.
type apiServer struct {
	t             *testing.T
	bin, dataDir  string
	base          string
	keys          struct{ AnonKey, ServiceRoleKey string }
	defaultHeader http.Header
}

func startAPI(t *testing.T) *apiServer {
	t.Helper()
	s := &apiServer{t: t, bin: daybaseBinary(t), dataDir: t.TempDir()}
	port := freePort(t)
	waitHealth(t, startServe(t, s.bin, s.dataDir, port), port)
	s.base = fmt.Sprintf("http://127.0.0.1:%d", port)
	var keys struct {
		AnonKey        string `json:"anon_key"`
		ServiceRoleKey string `json:"service_role_key"`
	}
	out, err := exec.Command(s.bin, "keys", "--json", "--data-dir", s.dataDir).Output()
	if err != nil || json.Unmarshal(out, &keys) != nil {
		t.Fatalf("keys: %v %s", err, out)
	}
	s.keys.AnonKey, s.keys.ServiceRoleKey = keys.AnonKey, keys.ServiceRoleKey
	return s
}

// call sends a request with the anon key and bearer (when not ""): body is
// nil, raw bytes of contentType, or a value sent as JSON.
func (s *apiServer) call(method, path, bearer string, body any, contentType string) (int, []byte) {
	s.t.Helper()
	st, _, b := s.do(method, path, bearer, body, contentType, nil)
	return st, b
}

// do is call with more headers, answering the response's headers too.
func (s *apiServer) do(method, path, bearer string, body any, contentType string, header http.Header) (int, http.Header, []byte) {
	s.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		rd = bytes.NewReader(b)
	default:
		js, _ := json.Marshal(b)
		rd = bytes.NewReader(js)
		contentType = "application/json"
	}
	req, _ := http.NewRequest(method, s.base+path, rd)
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("apikey", s.keys.AnonKey)
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, b
}

// session reads the access token and user id of a sign-in's answer.
func (s *apiServer) session(status int, b []byte) (access, user string) {
	s.t.Helper()
	var sess struct {
		AccessToken string              `json:"access_token"`
		User        struct{ ID string } `json:"user"`
	}
	if status != 200 || json.Unmarshal(b, &sess) != nil || sess.AccessToken == "" {
		s.t.Fatalf("no session: %d %s", status, b)
	}
	return sess.AccessToken, sess.User.ID
}

// sql runs statements with daybase sql on the server's data dir.
func (s *apiServer) sql(statements string) {
	s.t.Helper()
	cmd := exec.Command(s.bin, "sql", "-c", statements)
	cmd.Env = append(os.Environ(), "DAYBASE_DATA_DIR="+s.dataDir)
	if out, err := cmd.CombinedOutput(); err != nil {
		s.t.Fatalf("sql: %v %s", err, out)
	}
}

// totpFactor is an enrolled TOTP factor and its secret.
type totpFactor struct {
	ID   string
	TOTP struct{ Secret string } `json:"totp"`
}

// enrollTOTP enrols a TOTP factor for the session at.
func (s *apiServer) enrollTOTP(at string) totpFactor {
	s.t.Helper()
	st, b := s.call("POST", "/auth/v1/factors", at, map[string]any{"factor_type": "totp", "friendly_name": "Phone"}, "")
	var f totpFactor
	if st != 200 || json.Unmarshal(b, &f) != nil {
		s.t.Fatalf("enroll: %d %s", st, b)
	}
	return f
}

// stepUp challenges f from the session at and verifies it with the code
// of when, returning the aal2 access token.
func (s *apiServer) stepUp(f totpFactor, at string, when time.Time) string {
	s.t.Helper()
	st, b := s.call("POST", "/auth/v1/factors/"+f.ID+"/challenge", at, map[string]any{}, "")
	var ch struct{ ID string }
	if st != 200 || json.Unmarshal(b, &ch) != nil {
		s.t.Fatalf("challenge: %d %s", st, b)
	}
	code, err := totp.GenerateCodeCustom(f.TOTP.Secret, when, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		s.t.Fatal(err)
	}
	aal2, _ := s.session(s.call("POST", "/auth/v1/factors/"+f.ID+"/verify", at, map[string]any{"challenge_id": ch.ID, "code": code}, ""))
	return aal2
}
