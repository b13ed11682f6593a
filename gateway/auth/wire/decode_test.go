package wire

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestDecodeLikeEncodingJSON: decode.go gives what json.Unmarshal gives,
// values and errors alike.
func TestDecodeLikeEncodingJSON(t *testing.T) {
	maps := []string{
		`{}`, ` { } `, `null`, `{"provider": "email", "providers": ["email", "google"]}`,
		`{"a":{"b":[true,false,null,{},[]]},"a":"dup"}`, `{"n": 1.5e3, "s": "x"}`, `{"s": "a\"b\u00e9\\"}`,
		`{"ü": "é"}`, `{"bad": "\xff"}`, `{"x": 1}garbage`, `{"x":}`, `{"x" "y"}`, `[1]`, `"s"`, `{`, ``, `{"a":tru}`,
		`{"a":[1,2,}`, `{"a":"b",}`,
	}
	for _, in := range maps {
		var want map[string]any
		wantErr := json.Unmarshal([]byte(in), &want)
		got, err := DecodeJSONMap([]byte(in))
		if (err != nil) != (wantErr != nil) || !reflect.DeepEqual(got, want) {
			t.Errorf("map %q: got %#v, %v; want %#v, %v", in, got, err, want, wantErr)
		}
		if err != nil && wantErr != nil && err.Error() != wantErr.Error() {
			t.Errorf("map %q: error %v, want %v", in, err, wantErr)
		}
	}
	if m, err := DecodeJSONMap(nil); m != nil || err != nil {
		t.Errorf("SQL NULL: %v, %v", m, err)
	}
	identities := []string{
		`[]`, `null`,
		`[{"identity_id" : "8b1e", "id" : "u1", "user_id" : "u1", "identity_data" : {"sub": "u1", "email": "a@b.test", "email_verified": false}, "provider" : "email", "last_sign_in_at" : "2026-11-23T23:50:01.123456+00:00", "created_at" : "2026-11-23T23:50:01.123456+00:00", "updated_at" : "2026-11-23T23:50:01+01:00", "email" : "a@b.test"}]`,
		`[{"identity_id":"i","id":"p","user_id":"u","identity_data":null,"provider":"google","last_sign_in_at":null,"created_at":null,"updated_at":"2026-01-01T00:00:00Z","email":null},{"identity_id":"j"}]`,
		`[{"identity_id":"i","ID":"caseless"}]`, `[{"created_at":"yesterday"}]`, `[{"created_at":"2026-11-23 23:50:01"}]`,
		`[{"identity_data":{"n":1}}]`, `[{"identity_data":"x"}]`, `[null]`, `[{"email":3}]`, `[{"extra":"x"}]`, `[`, `[{}] x`,
	}
	for _, in := range identities {
		var want []Identity
		wantErr := json.Unmarshal([]byte(in), &want)
		got, err := DecodeIdentities([]byte(in))
		if wantErr != nil { // the value is discarded with the error
			if err == nil || err.Error() != wantErr.Error() {
				t.Errorf("identities %q: error %v, want %v", in, err, wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("identities %q: got %#v, %v; want %#v, %v", in, got, err, want, wantErr)
		}
	}
}

func TestDecodeAMRLikeEncodingJSON(t *testing.T) {
	for _, in := range []string{
		`[]`, ` [ ] `, `null`, `[{"method": "password", "timestamp": 1795000000}]`,
		`[{"method":"totp","timestamp":2},{"timestamp":-1,"method":"password"},{"method":"x","timestamp":0}]`,
		`[{"method": "otp"}]`, `[{"timestamp": 1.5}]`, `[{"timestamp": 1e3}]`, `[{"timestamp": 01}]`, `[{"timestamp": -}]`,
		`[{"timestamp": 99999999999999999999}]`, `[{"method": null}]`, `[{"Method": "x"}]`, `[{"other": 1}]`, `[{}]`,
		`[{"method":"a\u00e9"}]`, `[1]`, `[{"method":"x"},]`, `[{"method":"x"}] x`, `[`, `{}`,
	} {
		var want []AMREntry
		wantErr := json.Unmarshal([]byte(in), &want)
		got, err := DecodeAMR([]byte(in))
		if wantErr != nil {
			if err == nil || err.Error() != wantErr.Error() {
				t.Errorf("amr %q: error %v, want %v", in, err, wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("amr %q: got %#v, %v; want %#v", in, got, err, want)
		}
	}
	if amr, err := DecodeAMR(nil); amr != nil || err != nil {
		t.Errorf("SQL NULL: %v, %v", amr, err)
	}
}
