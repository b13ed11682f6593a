package wire

import (
	"encoding/binary"
	"errors"
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

// answerVersion leads the stored bytes; a change of the framing changes it,
// and bytes of another version are not an answer (the caller rebuilds).
const answerVersion = 1

// MarshalBinary frames the answer for auth.user_answers.answer: a version
// byte, each field length-prefixed (uvarint), the flag as a last byte.
func (a *Answer) MarshalBinary() []byte {
	b := make([]byte, 0, len(a.User)+len(a.AppMetadata)+len(a.UserMetadata)+len(a.Aud)+len(a.Email)+len(a.Phone)+len(a.Role)+16)
	b = append(b, answerVersion)
	for _, f := range [...][]byte{a.User, a.AppMetadata, a.UserMetadata, []byte(a.Aud), []byte(a.Email), []byte(a.Phone), []byte(a.Role)} {
		b = binary.AppendUvarint(b, uint64(len(f)))
		b = append(b, f...)
	}
	if a.IsAnonymous {
		return append(b, 1)
	}
	return append(b, 0)
}

var errAnswerFraming = errors.New("user answer: not this version's framing")

// UnmarshalAnswer reads MarshalBinary's framing. The byte fields alias b.
func UnmarshalAnswer(b []byte) (*Answer, error) {
	if len(b) < 1 || b[0] != answerVersion {
		return nil, errAnswerFraming
	}
	b = b[1:]
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
