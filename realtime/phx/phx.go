// Package phx is the Phoenix channel wire format realtime-js speaks: the
// vsn 1.0.0 JSON object serializer, the vsn 2.0.0 JSON array serializer and
// the 2.0.0 binary user-broadcast frames.
//
// A vsn 2.0.0 text frame is the array [join_ref, ref, topic, event, payload];
// vsn 1.0.0 uses the object {"topic","event","payload","ref","join_ref"}.
// Binary frames exist only in 2.0.0. Clients send kind 3 (a user broadcast
// push) and decode only kind 4 (a user broadcast); any other kind crashes
// the client's decoder, so replies and system messages always go out as
// text:
//
//	kind 3: u8 3 | u8 len(join_ref) | u8 len(ref) | u8 len(topic) | u8 len(event) | u8 len(meta) | u8 encoding | join_ref | ref | topic | event | meta | payload
//	kind 4: u8 4 | u8 len(topic) | u8 len(event) | u8 len(meta) | u8 encoding | topic | event | meta | payload
//
// encoding is 0 for raw bytes and 1 for JSON. Refs are decimal strings; the
// empty string stands for null throughout this package.
package phx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"daybase/internal/jsonstr"
)

// Version is a serializer version (the socket's vsn query parameter).
type Version int

// Serializer versions.
const (
	V1 Version = 1 // "1.0.0": JSON objects
	V2 Version = 2 // "2.0.0": JSON arrays and binary broadcasts
)

// ParseVersion maps the vsn query parameter to a Version. Phoenix treats a
// missing vsn as 1.0.0.
func ParseVersion(vsn string) (Version, error) {
	switch vsn {
	case "", "1.0.0":
		return V1, nil
	case "2.0.0":
		return V2, nil
	}
	return 0, fmt.Errorf("%w: unsupported vsn %q (use 1.0.0 or 2.0.0)", ErrMalformed, vsn)
}

// ErrMalformed wraps every decoding failure.
var ErrMalformed = errors.New("malformed message")

// ErrUnrepresentable means a message cannot be sent with a socket's
// serializer: a binary broadcast to a vsn 1.0.0 socket.
var ErrUnrepresentable = errors.New("message cannot be represented in this serializer")

// Payload encodings of binary broadcast frames.
const (
	EncodingBinary byte = 0
	EncodingJSON   byte = 1
)

// Binary frame kinds.
const (
	kindUserBroadcastPush byte = 3
	kindUserBroadcast     byte = 4
)

// Message is one channel message.
type Message struct {
	JoinRef string // "" is null
	Ref     string // "" is null
	Topic   string
	Event   string
	// Payload is the JSON payload; nil when Broadcast is set.
	Payload json.RawMessage
	// Broadcast is set for binary user broadcasts: a kind 3 push from a
	// client, or a kind 4 frame to one.
	Broadcast *UserBroadcast
}

// UserBroadcast is the content of a binary broadcast frame.
type UserBroadcast struct {
	Event    string
	Encoding byte   // EncodingBinary or EncodingJSON
	Meta     []byte // JSON object or empty
	Payload  []byte
}

// Decode parses one frame a client sent. binary says whether it arrived as
// a binary websocket message.
func Decode(v Version, binary bool, data []byte) (Message, error) {
	switch {
	case binary && v == V2:
		return decodeBinary(data)
	case binary:
		return Message{}, fmt.Errorf("%w: binary frames need vsn 2.0.0", ErrMalformed)
	case v == V2:
		return decodeArray(data)
	default:
		return decodeObject(data)
	}
}

func decodeArray(data []byte) (Message, error) {
	var parts []json.RawMessage
	if err := json.Unmarshal(data, &parts); err != nil {
		return Message{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if len(parts) != 5 {
		return Message{}, fmt.Errorf("%w: expected [join_ref, ref, topic, event, payload], got %d elements", ErrMalformed, len(parts))
	}
	var m Message
	var err error
	if m.JoinRef, err = optString(parts[0]); err != nil {
		return Message{}, err
	}
	if m.Ref, err = optString(parts[1]); err != nil {
		return Message{}, err
	}
	if err := json.Unmarshal(parts[2], &m.Topic); err != nil {
		return Message{}, fmt.Errorf("%w: topic must be a string", ErrMalformed)
	}
	if err := json.Unmarshal(parts[3], &m.Event); err != nil {
		return Message{}, fmt.Errorf("%w: event must be a string", ErrMalformed)
	}
	m.Payload = parts[4]
	return m, nil
}

func decodeObject(data []byte) (Message, error) {
	var o struct {
		Topic   *string         `json:"topic"`
		Event   *string         `json:"event"`
		Payload json.RawMessage `json:"payload"`
		Ref     json.RawMessage `json:"ref"`
		JoinRef json.RawMessage `json:"join_ref"`
	}
	if err := json.Unmarshal(data, &o); err != nil {
		return Message{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if o.Topic == nil || o.Event == nil {
		return Message{}, fmt.Errorf("%w: topic and event are required", ErrMalformed)
	}
	m := Message{Topic: *o.Topic, Event: *o.Event, Payload: o.Payload}
	if m.Payload == nil {
		m.Payload = json.RawMessage("null")
	}
	var err error
	if m.Ref, err = optString(o.Ref); err != nil {
		return Message{}, err
	}
	if m.JoinRef, err = optString(o.JoinRef); err != nil {
		return Message{}, err
	}
	return m, nil
}

// optString decodes a ref: a string, null or absent.
func optString(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fmt.Errorf("%w: refs must be strings or null", ErrMalformed)
	}
	return s, nil
}

func decodeBinary(data []byte) (Message, error) {
	if len(data) < 7 || data[0] != kindUserBroadcastPush {
		if len(data) > 0 && data[0] != kindUserBroadcastPush {
			return Message{}, fmt.Errorf("%w: unknown binary frame kind %d", ErrMalformed, data[0])
		}
		return Message{}, fmt.Errorf("%w: binary frame too short", ErrMalformed)
	}
	lens := [5]int{int(data[1]), int(data[2]), int(data[3]), int(data[4]), int(data[5])}
	enc := data[6]
	if enc != EncodingBinary && enc != EncodingJSON {
		return Message{}, fmt.Errorf("%w: unknown payload encoding %d", ErrMalformed, enc)
	}
	off := 7
	var fields [5][]byte
	for i, n := range lens {
		if off+n > len(data) {
			return Message{}, fmt.Errorf("%w: binary frame truncated", ErrMalformed)
		}
		fields[i] = data[off : off+n]
		off += n
	}
	b := &UserBroadcast{
		Event:    string(fields[3]),
		Encoding: enc,
		Meta:     bytes.Clone(fields[4]),
		Payload:  bytes.Clone(data[off:]),
	}
	if enc == EncodingJSON && !json.Valid(b.Payload) {
		return Message{}, fmt.Errorf("%w: broadcast payload is not JSON", ErrMalformed)
	}
	if len(b.Meta) > 0 && !json.Valid(b.Meta) {
		return Message{}, fmt.Errorf("%w: broadcast meta is not JSON", ErrMalformed)
	}
	return Message{
		JoinRef:   string(fields[0]),
		Ref:       string(fields[1]),
		Topic:     string(fields[2]),
		Event:     "broadcast",
		Broadcast: b,
	}, nil
}

// Encode renders m for a socket of version v. It returns whether the frame
// is binary. A Broadcast goes out as a kind 4 frame to V2 sockets and as the
// JSON payload {"type":"broadcast","event",...,"payload"} to V1 sockets,
// which cannot carry raw bytes (ErrUnrepresentable).
func Encode(v Version, m Message) (binary bool, frame []byte, err error) {
	if m.Broadcast != nil {
		if v == V2 {
			f, err := EncodeUserBroadcast(m.Topic, m.Broadcast)
			return true, f, err
		}
		if m.Broadcast.Encoding != EncodingJSON {
			return false, nil, ErrUnrepresentable
		}
		m = Message{Topic: m.Topic, Event: "broadcast", Payload: BroadcastPayload(m.Broadcast.Event, m.Broadcast.Payload, m.Broadcast.Meta)}
	}
	return false, EncodeText(v, m.JoinRef, m.Ref, m.Topic, m.Event, m.Payload), nil
}

// EncodeText renders a text frame. payload must be valid JSON (nil is null).
func EncodeText(v Version, joinRef, ref, topic, event string, payload []byte) []byte {
	if payload == nil {
		payload = []byte("null")
	}
	b := make([]byte, 0, len(topic)+len(event)+len(payload)+48)
	if v == V2 {
		b = append(b, '[')
		b = appendRef(b, joinRef)
		b = append(b, ',')
		b = appendRef(b, ref)
		b = append(b, ',')
		b = AppendString(b, topic)
		b = append(b, ',')
		b = AppendString(b, event)
		b = append(b, ',')
		b = append(b, payload...)
		return append(b, ']')
	}
	// Phoenix's V1 serializer sends no join_ref.
	b = append(b, `{"topic":`...)
	b = AppendString(b, topic)
	b = append(b, `,"event":`...)
	b = AppendString(b, event)
	b = append(b, `,"payload":`...)
	b = append(b, payload...)
	b = append(b, `,"ref":`...)
	b = appendRef(b, ref)
	return append(b, '}')
}

// EncodeTextClient renders a text frame as a client sends it: like
// EncodeText, but vsn 1.0.0 objects carry join_ref (for tests and load
// generators).
func EncodeTextClient(v Version, joinRef, ref, topic, event string, payload []byte) []byte {
	b := EncodeText(v, joinRef, ref, topic, event, payload)
	if v == V2 {
		return b
	}
	b = b[:len(b)-1]
	b = append(b, `,"join_ref":`...)
	b = appendRef(b, joinRef)
	return append(b, '}')
}

// EncodeUserBroadcast renders a kind 4 frame.
func EncodeUserBroadcast(topic string, ub *UserBroadcast) ([]byte, error) {
	if len(topic) > 255 || len(ub.Event) > 255 || len(ub.Meta) > 255 {
		return nil, fmt.Errorf("%w: topic, event and meta must be at most 255 bytes", ErrUnrepresentable)
	}
	b := make([]byte, 0, 5+len(topic)+len(ub.Event)+len(ub.Meta)+len(ub.Payload))
	b = append(b, kindUserBroadcast, byte(len(topic)), byte(len(ub.Event)), byte(len(ub.Meta)), ub.Encoding)
	b = append(b, topic...)
	b = append(b, ub.Event...)
	b = append(b, ub.Meta...)
	return append(b, ub.Payload...), nil
}

// EncodeUserBroadcastPush renders a kind 3 frame, as realtime-js sends it
// (for tests and load generators).
func EncodeUserBroadcastPush(joinRef, ref, topic string, ub *UserBroadcast) []byte {
	b := []byte{kindUserBroadcastPush, byte(len(joinRef)), byte(len(ref)), byte(len(topic)), byte(len(ub.Event)), byte(len(ub.Meta)), ub.Encoding}
	b = append(b, joinRef...)
	b = append(b, ref...)
	b = append(b, topic...)
	b = append(b, ub.Event...)
	b = append(b, ub.Meta...)
	return append(b, ub.Payload...)
}

// DecodeUserBroadcast parses a kind 4 frame (for tests and clients).
func DecodeUserBroadcast(data []byte) (topic string, ub *UserBroadcast, err error) {
	if len(data) < 5 || data[0] != kindUserBroadcast {
		return "", nil, fmt.Errorf("%w: not a kind 4 frame", ErrMalformed)
	}
	tl, el, ml := int(data[1]), int(data[2]), int(data[3])
	if 5+tl+el+ml > len(data) {
		return "", nil, fmt.Errorf("%w: kind 4 frame truncated", ErrMalformed)
	}
	off := 5
	topic = string(data[off : off+tl])
	off += tl
	ub = &UserBroadcast{Event: string(data[off : off+el]), Encoding: data[4]}
	off += el
	ub.Meta = data[off : off+ml]
	ub.Payload = data[off+ml:]
	return topic, ub, nil
}

// BroadcastPayload is the JSON payload of a broadcast message:
// {"type":"broadcast","event":event,"payload":payload[,"meta":meta]}.
// payload must be JSON.
func BroadcastPayload(event string, payload, meta []byte) json.RawMessage {
	b := make([]byte, 0, len(event)+len(payload)+len(meta)+48)
	b = append(b, `{"type":"broadcast","event":`...)
	b = AppendString(b, event)
	b = append(b, `,"payload":`...)
	if len(payload) == 0 {
		b = append(b, "{}"...)
	} else {
		b = append(b, payload...)
	}
	if len(meta) > 0 {
		b = append(b, `,"meta":`...)
		b = append(b, meta...)
	}
	return append(b, '}')
}

// ReplyPayload is {"status":status,"response":response}; a nil response is {}.
func ReplyPayload(status string, response []byte) json.RawMessage {
	if response == nil {
		response = []byte("{}")
	}
	b := make([]byte, 0, len(response)+32)
	b = append(b, `{"status":`...)
	b = AppendString(b, status)
	b = append(b, `,"response":`...)
	b = append(b, response...)
	return append(b, '}')
}

func appendRef(b []byte, ref string) []byte {
	if ref == "" {
		return append(b, "null"...)
	}
	return AppendString(b, ref)
}

// AppendString appends s as a JSON string.
func AppendString(b []byte, s string) []byte { return jsonstr.AppendNoHTML(b, s) }
