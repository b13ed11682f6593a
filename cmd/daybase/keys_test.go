package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

type keysJSON struct {
	AnonKey        string `json:"anon_key"`
	ServiceRoleKey string `json:"service_role_key"`
	Algorithm      string `json:"jwt_algorithm"`
	SigningKeys    []struct {
		KID, Alg, Status string
		VerifiesUntil    *string `json:"verifies_until"`
	} `json:"signing_keys"`
}

func keysRun(t *testing.T, args ...string) keysJSON {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(args, nil, &out, &errOut); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
	}
	var k keysJSON
	if err := json.Unmarshal(out.Bytes(), &k); err != nil {
		t.Fatalf("%v: %v: %s", args, err, out.String())
	}
	if strings.Contains(out.String(), "PRIVATE KEY") {
		t.Fatalf("%v prints a private key", args)
	}
	return k
}

func TestKeysRotate(t *testing.T) {
	t.Setenv("DAYBASE_DATA_DIR", t.TempDir())
	before := keysRun(t, "keys", "--json")
	if before.Algorithm != "ES256" || len(before.SigningKeys) != 1 || before.SigningKeys[0].Status != "current" {
		t.Fatalf("a new data dir: %+v", before)
	}
	after := keysRun(t, "keys", "rotate", "-alg", "rs256", "--json")
	if after.Algorithm != "RS256" || len(after.SigningKeys) != 2 {
		t.Fatalf("after rotate: %+v", after)
	}
	cur, prev := after.SigningKeys[0], after.SigningKeys[1]
	if cur.Status != "current" || cur.Alg != "RS256" || prev.Status != "previous" || prev.KID != before.SigningKeys[0].KID || prev.VerifiesUntil == nil {
		t.Fatalf("after rotate: %+v", after.SigningKeys)
	}
	if after.AnonKey != before.AnonKey || after.ServiceRoleKey != before.ServiceRoleKey {
		t.Fatal("rotation changed the API keys")
	}
	if again := keysRun(t, "keys", "--json"); len(again.SigningKeys) != 2 || again.SigningKeys[0].KID != cur.KID {
		t.Fatalf("keys --json after rotate: %+v", again)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"keys", "rotate", "-alg", "HS512"}, nil, &out, &errOut); code != 2 {
		t.Fatalf("rotate -alg HS512: exit %d", code)
	}
	out.Reset()
	if code := run([]string{"keys", "rotate"}, nil, &out, &errOut); code != 0 || !strings.Contains(out.String(), "unchanged") {
		t.Fatalf("rotate: exit %d: %s %s", code, out.String(), errOut.String())
	}
}
