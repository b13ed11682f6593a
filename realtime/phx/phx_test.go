package phx

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDecode(t *testing.T) {
	tests := []struct {
		name   string
		v      Version
		binary bool
		in     []byte
		want   Message
	}{
		{
			name: "v2 heartbeat",
			v:    V2,
			in:   []byte(`[null,"12","phoenix","heartbeat",{}]`),
			want: Message{Ref: "12", Topic: "phoenix", Event: "heartbeat", Payload: json.RawMessage(`{}`)},
		},
		{
			name: "v2 join",
			v:    V2,
			in:   []byte(`["1","1","realtime:room1","phx_join",{"config":{"private":false}}]`),
			want: Message{JoinRef: "1", Ref: "1", Topic: "realtime:room1", Event: "phx_join", Payload: json.RawMessage(`{"config":{"private":false}}`)},
		},
		{
			name: "v1 object without join_ref",
			v:    V1,
			in:   []byte(`{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"3"}`),
			want: Message{Ref: "3", Topic: "phoenix", Event: "heartbeat", Payload: json.RawMessage(`{}`)},
		},
		{
			name: "v1 object with join_ref",
			v:    V1,
			in:   []byte(`{"topic":"realtime:a","event":"phx_join","payload":{"x":1},"ref":"1","join_ref":"1"}`),
			want: Message{JoinRef: "1", Ref: "1", Topic: "realtime:a", Event: "phx_join", Payload: json.RawMessage(`{"x":1}`)},
		},
		{
			name:   "v2 kind 3 JSON broadcast",
			v:      V2,
			binary: true,
			in: EncodeUserBroadcastPush("1", "5", "realtime:room1", &UserBroadcast{
				Event: "cursor", Encoding: EncodingJSON, Payload: []byte(`{"x":1}`),
			}),
			want: Message{JoinRef: "1", Ref: "5", Topic: "realtime:room1", Event: "broadcast", Broadcast: &UserBroadcast{
				Event: "cursor", Encoding: EncodingJSON, Meta: []byte{}, Payload: []byte(`{"x":1}`),
			}},
		},
		{
			name:   "v2 kind 3 binary broadcast with meta and multibyte topic",
			v:      V2,
			binary: true,
			in: EncodeUserBroadcastPush("", "", "realtime:café", &UserBroadcast{
				Event: "bin", Encoding: EncodingBinary, Meta: []byte(`{"persist":true}`), Payload: []byte{0, 1, 2, 255},
			}),
			want: Message{Topic: "realtime:café", Event: "broadcast", Broadcast: &UserBroadcast{
				Event: "bin", Encoding: EncodingBinary, Meta: []byte(`{"persist":true}`), Payload: []byte{0, 1, 2, 255},
			}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decode(tt.v, tt.binary, tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name   string
		v      Version
		binary bool
		in     []byte
	}{
		{"v2 four elements", V2, false, []byte(`[null,"1","t","e"]`)},
		{"v2 numeric ref", V2, false, []byte(`[null,1,"t","e",{}]`)},
		{"v2 not json", V2, false, []byte(`[null,`)},
		{"v1 missing topic", V1, false, []byte(`{"event":"e"}`)},
		{"v1 binary", V1, true, []byte{3, 0, 0, 0, 0, 0, 1}},
		{"kind 4 from client", V2, true, []byte{4, 0, 0, 0, 1}},
		{"truncated header", V2, true, []byte{3, 9, 0, 0, 0, 0, 1, 'a'}},
		{"bad encoding", V2, true, []byte{3, 0, 0, 0, 0, 0, 7}},
		{"json payload not json", V2, true, append([]byte{3, 0, 0, 0, 0, 0, 1}, "{"...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(tt.v, tt.binary, tt.in)
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("err = %v, want ErrMalformed", err)
			}
		})
	}
}

func TestEncode(t *testing.T) {
	tests := []struct {
		name       string
		v          Version
		m          Message
		wantBinary bool
		want       string
	}{
		{
			name: "v2 reply",
			v:    V2,
			m:    Message{Ref: "12", Topic: "phoenix", Event: "phx_reply", Payload: ReplyPayload("ok", nil)},
			want: `[null,"12","phoenix","phx_reply",{"status":"ok","response":{}}]`,
		},
		{
			name: "v1 reply omits join_ref",
			v:    V1,
			m:    Message{JoinRef: "1", Ref: "2", Topic: "realtime:a", Event: "phx_reply", Payload: ReplyPayload("ok", []byte(`{"postgres_changes":[]}`))},
			want: `{"topic":"realtime:a","event":"phx_reply","payload":{"status":"ok","response":{"postgres_changes":[]}},"ref":"2"}`,
		},
		{
			name: "v1 JSON user broadcast becomes a broadcast payload",
			v:    V1,
			m:    Message{Topic: "realtime:a", Broadcast: &UserBroadcast{Event: "cursor", Encoding: EncodingJSON, Payload: []byte(`{"x":1}`)}},
			want: `{"topic":"realtime:a","event":"broadcast","payload":{"type":"broadcast","event":"cursor","payload":{"x":1}},"ref":null}`,
		},
		{
			name: "escaping",
			v:    V2,
			m:    Message{Topic: "realtime:\"q\"\n\u2028", Event: "e", Payload: json.RawMessage(`{}`)},
			want: `[null,null,"realtime:\"q\"\n\u2028","e",{}]`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bin, got, err := Encode(tt.v, tt.m)
			if err != nil {
				t.Fatal(err)
			}
			if bin != tt.wantBinary || string(got) != tt.want {
				t.Errorf("Encode = %v %s, want %v %s", bin, got, tt.wantBinary, tt.want)
			}
			if !json.Valid(got) {
				t.Errorf("not valid JSON: %s", got)
			}
		})
	}
}

func TestEncodeBinaryBroadcast(t *testing.T) {
	ub := &UserBroadcast{Event: "bin", Encoding: EncodingBinary, Payload: []byte{1, 2, 3}}
	bin, frame, err := Encode(V2, Message{Topic: "realtime:room", Broadcast: ub})
	if err != nil || !bin {
		t.Fatalf("Encode = %v, %v", bin, err)
	}
	topic, got, err := DecodeUserBroadcast(frame)
	if err != nil {
		t.Fatal(err)
	}
	if topic != "realtime:room" || got.Event != "bin" || got.Encoding != EncodingBinary || !bytes.Equal(got.Payload, ub.Payload) {
		t.Errorf("round trip = %q %+v", topic, got)
	}
	if _, _, err := Encode(V1, Message{Topic: "realtime:room", Broadcast: ub}); !errors.Is(err, ErrUnrepresentable) {
		t.Errorf("binary broadcast to V1: err = %v, want ErrUnrepresentable", err)
	}
}

// FuzzDecode checks that no input panics the decoder and that whatever
// decodes survives an encode → decode round trip.
func FuzzDecode(f *testing.F) {
	// Text frames of both versions.
	f.Add(byte(2), false, []byte(`[null,"12","phoenix","heartbeat",{}]`))
	f.Add(byte(2), false, []byte(`["1","1","realtime:room1","phx_join",{"config":{"broadcast":{"self":true}}}]`))
	f.Add(byte(1), false, []byte(`{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"3"}`))
	// Nasty: wrong arity, nested garbage, huge numbers, duplicate keys.
	f.Add(byte(2), false, []byte(`[null,null,"t","e",[[[[[[[]]]]]]],1]`))
	f.Add(byte(1), false, []byte(`{"topic":"a","topic":"b","event":"e","payload":1e999}`))
	// Binary: valid, truncated, oversize lengths, wrong kind.
	f.Add(byte(2), true, EncodeUserBroadcastPush("1", "2", "realtime:x", &UserBroadcast{Event: "e", Encoding: EncodingJSON, Payload: []byte(`{}`)}))
	f.Add(byte(2), true, []byte{3, 255, 255, 255, 255, 255, 0})
	f.Add(byte(2), true, []byte{4, 1, 1, 1, 1, 'a', 'b', 'c'})
	f.Add(byte(2), true, []byte{})
	f.Fuzz(func(t *testing.T, v byte, binary bool, data []byte) {
		ver := V1
		if v%2 == 0 {
			ver = V2
		}
		m, err := Decode(ver, binary, data)
		if err != nil {
			return
		}
		if m.Broadcast != nil {
			if len(m.JoinRef) > 255 || len(m.Ref) > 255 || len(m.Topic) > 255 || len(m.Broadcast.Event) > 255 || len(m.Broadcast.Meta) > 255 {
				t.Fatalf("decoded field longer than its u8 length: %+v", m)
			}
			again, err := Decode(V2, true, EncodeUserBroadcastPush(m.JoinRef, m.Ref, m.Topic, m.Broadcast))
			if err != nil {
				t.Fatalf("re-decode: %v", err)
			}
			if diff := cmp.Diff(m, again); diff != "" {
				t.Fatalf("round trip mismatch (-first +second):\n%s", diff)
			}
			return
		}
		_, frame, err := Encode(ver, m)
		if err != nil {
			t.Fatalf("encode: %v", err)
		}
		again, err := Decode(ver, false, frame)
		if err != nil {
			t.Fatalf("re-decode %s: %v", frame, err)
		}
		if ver == V1 {
			m.JoinRef = "" // V1 replies carry no join_ref
		}
		if again.Topic != m.Topic || again.Event != m.Event || again.Ref != m.Ref || again.JoinRef != m.JoinRef {
			t.Fatalf("round trip mismatch: %+v vs %+v", m, again)
		}
	})
}
