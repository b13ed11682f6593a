package wire

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"reflect"
	"sync"
	"time"
)

// Answer is a user's part of a session answer, encoded once and kept by
// the database (auth.user_answers, migration 0786) until the user, an
// identity or a factor changes: the user object as User.AppendJSON writes
// it, and what the access token's claims take from the user, the metadata
// as AccessClaims.AppendJSON writes it. A refresh copies these bytes into
// its answer instead of reading, decoding and encoding the user again.
type Answer struct {
	User                    []byte // the "user" object
	AppMetadata             []byte // the claims' app_metadata
	UserMetadata            []byte // the claims' user_metadata
	Aud, Email, Phone, Role string
	IsAnonymous             bool
}

// NewAnswer encodes u as the session answers would.
func NewAnswer(u *User) (*Answer, error) {
	js, err := u.AppendJSON(nil)
	if err != nil {
		return nil, err
	}
	app, err := appendJSONMap(nil, u.AppMetadata)
	if err != nil {
		return nil, err
	}
	meta, err := appendJSONMap(nil, u.UserMetadata)
	if err != nil {
		return nil, err
	}
	return &Answer{User: js, AppMetadata: app, UserMetadata: meta, Aud: u.Aud, Email: u.Email,
		Phone: u.Phone, Role: u.Role, IsAnonymous: u.IsAnonymous}, nil
}

// answerVersion leads the stored bytes; a change of the framing changes it.
const answerVersion = 2

// encoderPrint follows the version: a hash of what this binary's encoders
// make of a sample user with every field set (sampleUser). An upgrade that
// encodes users differently (a new field, another time format) changes it,
// so answers kept by the old binary are not answers here and are rebuilt,
// without anyone having to remember a number.
var encoderPrint = sync.OnceValue(func() [8]byte {
	var u User
	fillSample(reflect.ValueOf(&u).Elem())
	a, err := NewAnswer(&u)
	if err != nil {
		panic(fmt.Sprintf("wire: the sample user does not encode: %v", err))
	}
	h := fnv.New64a()
	for _, f := range [...][]byte{a.User, a.AppMetadata, a.UserMetadata, []byte(a.Aud + "\x00" + a.Email + "\x00" + a.Phone + "\x00" + a.Role)} {
		h.Write(f)
		h.Write([]byte{0})
	}
	var p [8]byte
	binary.BigEndian.PutUint64(p[:], h.Sum64())
	return p
})

// fillSample sets every field of v, recursively, to a value that is not its
// zero (one element in each slice and map), so no field is left out by
// omitempty and a field added later changes the print.
func fillSample(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("s<&>")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(7)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillSample(v.Elem())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fillSample(v.Index(0))
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fillSample(k)
		if e.Kind() == reflect.Interface {
			e.Set(reflect.ValueOf(1e21))
		} else {
			fillSample(e)
		}
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Date(2026, 11, 28, 1, 2, 3, 456789000, time.UTC)))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillSample(v.Field(i))
			}
		}
	}
}

// MarshalBinary frames the answer for auth.user_answers.answer: a version
// byte, the encoders' print, each field length-prefixed (uvarint), the flag
// as a last byte.
func (a *Answer) MarshalBinary() []byte {
	p := encoderPrint()
	b := make([]byte, 0, len(a.User)+len(a.AppMetadata)+len(a.UserMetadata)+len(a.Aud)+len(a.Email)+len(a.Phone)+len(a.Role)+24)
	b = append(b, answerVersion)
	b = append(b, p[:]...)
	for _, f := range [...][]byte{a.User, a.AppMetadata, a.UserMetadata, []byte(a.Aud), []byte(a.Email), []byte(a.Phone), []byte(a.Role)} {
		b = binary.AppendUvarint(b, uint64(len(f)))
		b = append(b, f...)
	}
	if a.IsAnonymous {
		return append(b, 1)
	}
	return append(b, 0)
}

var errAnswerFraming = errors.New("user answer: not this binary's framing or encoding")

// UnmarshalAnswer reads MarshalBinary's framing. The byte fields alias b.
func UnmarshalAnswer(b []byte) (*Answer, error) {
	p := encoderPrint()
	if len(b) < 1+len(p) || b[0] != answerVersion || !bytes.Equal(b[1:1+len(p)], p[:]) {
		return nil, errAnswerFraming
	}
	b = b[1+len(p):]
	var fields [7][]byte
	for i := range fields {
		n, k := binary.Uvarint(b)
		if k <= 0 || n > uint64(len(b)-k) {
			return nil, errAnswerFraming
		}
		fields[i], b = b[k:k+int(n)], b[k+int(n):]
	}
	if len(b) != 1 || b[0] > 1 {
		return nil, errAnswerFraming
	}
	return &Answer{User: fields[0], AppMetadata: fields[1], UserMetadata: fields[2], Aud: string(fields[3]),
		Email: string(fields[4]), Phone: string(fields[5]), Role: string(fields[6]), IsAnonymous: b[0] == 1}, nil
}
