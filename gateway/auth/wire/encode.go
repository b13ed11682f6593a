package wire

import (
	"encoding/json"
	"slices"
	"strconv"
	"time"

	"daybase/internal/jsonstr"
)

// The session answer is written on every sign-in and refresh. AppendJSON
// methods build the bytes encoding/json's Encoder makes of TokenResponse
// (HTML-escaped strings, RFC 3339 times, sorted map keys, omitempty as
// tagged, a trailing newline), without reflecting over the structs and
// the metadata maps on every answer (strings through internal/jsonstr in
// encoding/json's mode, other values through json.Marshal).
// TestTokenResponseEncodesLikeEncodingJSON holds them to encoding/json's
// output byte for byte.

func (r *TokenResponse) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"access_token":`...)
	b = jsonstr.Append(b, r.AccessToken)
	b = append(b, `,"token_type":`...)
	b = jsonstr.Append(b, r.TokenType)
	b = append(b, `,"expires_in":`...)
	b = strconv.AppendInt(b, int64(r.ExpiresIn), 10)
	b = append(b, `,"expires_at":`...)
	b = strconv.AppendInt(b, r.ExpiresAt, 10)
	b = append(b, `,"refresh_token":`...)
	b = jsonstr.Append(b, r.RefreshToken)
	b = append(b, `,"user":`...)
	var err error
	if r.UserJSON != nil {
		b = append(b, r.UserJSON...)
	} else if r.User == nil {
		b = append(b, "null"...)
	} else if b, err = r.User.AppendJSON(b); err != nil {
		return nil, err
	}
	if r.ProviderToken != "" {
		b = append(b, `,"provider_token":`...)
		b = jsonstr.Append(b, r.ProviderToken)
	}
	if r.ProviderRefreshToken != "" {
		b = append(b, `,"provider_refresh_token":`...)
		b = jsonstr.Append(b, r.ProviderRefreshToken)
	}
	if r.WeakPassword != nil {
		b = append(b, `,"weak_password":`...)
		if b, err = appendMarshal(b, r.WeakPassword); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

func (u *User) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"id":`...)
	b = jsonstr.Append(b, u.ID)
	b = append(b, `,"aud":`...)
	b = jsonstr.Append(b, u.Aud)
	b = append(b, `,"role":`...)
	b = jsonstr.Append(b, u.Role)
	b = append(b, `,"email":`...)
	b = jsonstr.Append(b, u.Email)
	if b, err = appendOptTime(b, `,"email_confirmed_at":`, u.EmailConfirmedAt); err != nil {
		return nil, err
	}
	b = append(b, `,"phone":`...)
	b = jsonstr.Append(b, u.Phone)
	for _, f := range [...]struct {
		key string
		t   *time.Time
	}{
		{`,"phone_confirmed_at":`, u.PhoneConfirmedAt},
		{`,"confirmation_sent_at":`, u.ConfirmationSentAt},
		{`,"confirmed_at":`, u.ConfirmedAt},
		{`,"recovery_sent_at":`, u.RecoverySentAt},
	} {
		if b, err = appendOptTime(b, f.key, f.t); err != nil {
			return nil, err
		}
	}
	if u.NewEmail != "" {
		b = append(b, `,"new_email":`...)
		b = jsonstr.Append(b, u.NewEmail)
	}
	for _, f := range [...]struct {
		key string
		t   *time.Time
	}{
		{`,"email_change_sent_at":`, u.EmailChangeSentAt},
		{`,"reauthentication_sent_at":`, u.ReauthenticationSentAt},
		{`,"invited_at":`, u.InvitedAt},
		{`,"last_sign_in_at":`, u.LastSignInAt},
	} {
		if b, err = appendOptTime(b, f.key, f.t); err != nil {
			return nil, err
		}
	}
	b = append(b, `,"app_metadata":`...)
	if b, err = appendJSONMap(b, u.AppMetadata); err != nil {
		return nil, err
	}
	b = append(b, `,"user_metadata":`...)
	if b, err = appendJSONMap(b, u.UserMetadata); err != nil {
		return nil, err
	}
	b = append(b, `,"identities":`...)
	if u.Identities == nil {
		b = append(b, "null"...)
	} else if b, err = appendEach(b, u.Identities, (*Identity).AppendJSON); err != nil {
		return nil, err
	}
	if len(u.Factors) > 0 {
		b = append(b, `,"factors":`...)
		if b, err = appendEach(b, u.Factors, (*Factor).AppendJSON); err != nil {
			return nil, err
		}
	}
	b = append(b, `,"created_at":`...)
	if b, err = appendJSONTime(b, u.CreatedAt); err != nil {
		return nil, err
	}
	b = append(b, `,"updated_at":`...)
	if b, err = appendJSONTime(b, u.UpdatedAt); err != nil {
		return nil, err
	}
	if b, err = appendOptTime(b, `,"banned_until":`, u.BannedUntil); err != nil {
		return nil, err
	}
	if b, err = appendOptTime(b, `,"deleted_at":`, u.DeletedAt); err != nil {
		return nil, err
	}
	b = append(b, `,"is_anonymous":`...)
	b = strconv.AppendBool(b, u.IsAnonymous)
	return append(b, '}'), nil
}

func (id *Identity) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"identity_id":`...)
	b = jsonstr.Append(b, id.IdentityID)
	b = append(b, `,"id":`...)
	b = jsonstr.Append(b, id.ID)
	b = append(b, `,"user_id":`...)
	b = jsonstr.Append(b, id.UserID)
	b = append(b, `,"identity_data":`...)
	if b, err = appendJSONMap(b, id.IdentityData); err != nil {
		return nil, err
	}
	b = append(b, `,"provider":`...)
	b = jsonstr.Append(b, id.Provider)
	b = append(b, `,"last_sign_in_at":`...)
	if b, err = appendNullTime(b, id.LastSignInAt); err != nil {
		return nil, err
	}
	b = append(b, `,"created_at":`...)
	if b, err = appendJSONTime(b, id.CreatedAt); err != nil {
		return nil, err
	}
	b = append(b, `,"updated_at":`...)
	if b, err = appendJSONTime(b, id.UpdatedAt); err != nil {
		return nil, err
	}
	if id.Email != "" {
		b = append(b, `,"email":`...)
		b = jsonstr.Append(b, id.Email)
	}
	return append(b, '}'), nil
}

func (f *Factor) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"id":`...)
	b = jsonstr.Append(b, f.ID)
	if f.FriendlyName != "" {
		b = append(b, `,"friendly_name":`...)
		b = jsonstr.Append(b, f.FriendlyName)
	}
	b = append(b, `,"factor_type":`...)
	b = jsonstr.Append(b, f.FactorType)
	b = append(b, `,"status":`...)
	b = jsonstr.Append(b, f.Status)
	b = append(b, `,"created_at":`...)
	if b, err = appendJSONTime(b, f.CreatedAt); err != nil {
		return nil, err
	}
	b = append(b, `,"updated_at":`...)
	if b, err = appendJSONTime(b, f.UpdatedAt); err != nil {
		return nil, err
	}
	b = append(b, `,"last_challenged_at":`...)
	if b, err = appendNullTime(b, f.LastChallengedAt); err != nil {
		return nil, err
	}
	b = append(b, `,"phone":`...)
	b = jsonstr.Append(b, f.Phone)
	return append(b, '}'), nil
}

// appendJSONTime appends t as time.Time.MarshalJSON does (RFC 3339 with
// nanoseconds, quoted; an error for years outside 0–9999).
func appendJSONTime(b []byte, t time.Time) ([]byte, error) {
	b = append(b, '"')
	b, err := t.AppendText(b)
	if err != nil {
		return nil, err
	}
	return append(b, '"'), nil
}

// appendNullTime appends t, or null when t is nil.
func appendNullTime(b []byte, t *time.Time) ([]byte, error) {
	if t == nil {
		return append(b, "null"...), nil
	}
	return appendJSONTime(b, *t)
}

// appendOptTime appends key and t unless t is nil (omitempty).
func appendOptTime(b []byte, key string, t *time.Time) ([]byte, error) {
	if t == nil {
		return b, nil
	}
	b = append(b, key...)
	return appendJSONTime(b, *t)
}

// appendEach appends items as a JSON array, each by appendItem.
func appendEach[T any](b []byte, items []T, appendItem func(*T, []byte) ([]byte, error)) ([]byte, error) {
	b = append(b, '[')
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendItem(&items[i], b); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

func appendMarshal(b []byte, v any) ([]byte, error) {
	js, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, js...), nil
}

// appendJSONValue appends v as json.Marshal encodes it: the values JSON
// decodes to (maps with sorted keys, slices, strings, booleans, nil) by
// hand, anything else (numbers, other types) through json.Marshal.
func appendJSONValue(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return jsonstr.Append(b, v), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	case map[string]any:
		return appendJSONMap(b, v)
	case []any:
		if v == nil {
			return append(b, "null"...), nil
		}
		return appendEach(b, v, func(e *any, b []byte) ([]byte, error) { return appendJSONValue(b, *e) })
	}
	return appendMarshal(b, v)
}

// appendJSONMap appends m with its keys in byte order, as encoding/json
// sorts them.
func appendJSONMap(b []byte, m map[string]any) ([]byte, error) {
	if m == nil {
		return append(b, "null"...), nil
	}
	var small [16]string
	keys := small[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonstr.Append(b, k)
		b = append(b, ':')
		var err error
		if b, err = appendJSONValue(b, m[k]); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// AppendJSON appends the claims as json.Marshal encodes AccessClaims.
func (c *AccessClaims) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"aal":`...)
	b = jsonstr.Append(b, c.AAL)
	b = append(b, `,"amr":`...)
	if c.AMR == nil {
		b = append(b, "null"...)
	} else {
		b, _ = appendEach(b, c.AMR, func(e *AMREntry, b []byte) ([]byte, error) {
			b = append(b, `{"method":`...)
			b = jsonstr.Append(b, e.Method)
			b = append(b, `,"timestamp":`...)
			return append(strconv.AppendInt(b, e.Timestamp, 10), '}'), nil
		})
	}
	b = append(b, `,"app_metadata":`...)
	if c.RawAppMetadata != nil {
		b = append(b, c.RawAppMetadata...)
	} else if b, err = appendJSONMap(b, c.AppMetadata); err != nil {
		return nil, err
	}
	b = append(b, `,"aud":`...)
	b = jsonstr.Append(b, c.Aud)
	b = append(b, `,"email":`...)
	b = jsonstr.Append(b, c.Email)
	b = append(b, `,"exp":`...)
	b = strconv.AppendInt(b, c.Exp, 10)
	b = append(b, `,"iat":`...)
	b = strconv.AppendInt(b, c.Iat, 10)
	b = append(b, `,"is_anonymous":`...)
	b = strconv.AppendBool(b, c.IsAnonymous)
	b = append(b, `,"iss":`...)
	b = jsonstr.Append(b, c.Iss)
	b = append(b, `,"phone":`...)
	b = jsonstr.Append(b, c.Phone)
	b = append(b, `,"role":`...)
	b = jsonstr.Append(b, c.Role)
	b = append(b, `,"session_id":`...)
	b = jsonstr.Append(b, c.SessionID)
	b = append(b, `,"sub":`...)
	b = jsonstr.Append(b, c.Sub)
	b = append(b, `,"user_metadata":`...)
	if c.RawUserMetadata != nil {
		b = append(b, c.RawUserMetadata...)
	} else if b, err = appendJSONMap(b, c.UserMetadata); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}
