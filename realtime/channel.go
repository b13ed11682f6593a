package realtime

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"daybase/realtime/phx"
)

// topicKey names a channel topic: public and private channels of one name
// are separate, as on the hosted service.
type topicKey struct {
	sub     string // the topic without "realtime:"
	private bool
}

// auth is a channel's verified access token.
type auth struct {
	token      string
	role       string
	claimsJSON []byte
	exp        time.Time
}

// perms are a private channel's RLS-derived permissions.
type perms struct {
	broadcastRead, broadcastWrite bool
	presenceRead, presenceWrite   bool
}

// channel is one joined topic on one socket.
type channel struct {
	sk      *socket
	topic   string // "realtime:room1"
	key     topicKey
	joinRef string
	self    bool
	ack     bool

	auth  atomic.Pointer[auth]
	perms atomic.Pointer[perms] // nil for public channels

	presenceKey     string
	presenceEnabled atomic.Bool

	// pg is the postgres_changes subscription; nil without bindings.
	pg *pgSub

	mu     sync.Mutex // guards timer, closed
	timer  *time.Timer
	closed bool
}

type joinPayload struct {
	Config struct {
		Broadcast struct {
			Self             bool `json:"self"`
			Ack              bool `json:"ack"`
			ReplicationReady bool `json:"replication_ready"`
		} `json:"broadcast"`
		Presence struct {
			Key     json.RawMessage `json:"key"`
			Enabled bool            `json:"enabled"`
		} `json:"presence"`
		PostgresChanges        []json.RawMessage `json:"postgres_changes"`
		Private                bool              `json:"private"`
		PostgresChangesOptions *struct {
			Wait bool `json:"wait"`
		} `json:"postgres_changes_options"`
	} `json:"config"`
	AccessToken *string `json:"access_token"`
	UserToken   *string `json:"user_token"`
}

// joinError is a refused join: the reply's reason is "Code: message".
type joinError struct{ code, msg string }

func (e *joinError) Error() string { return e.code + ": " + e.msg }

func (sk *socket) join(m phx.Message) {
	ch, pgErr, replicationReady, err := sk.prepareJoin(m)
	if err != nil {
		var je *joinError
		if !errors.As(err, &je) {
			sk.srv.log.Error("realtime join failed", "topic", m.Topic, "err", err)
			je = &joinError{"UnknownErrorOnChannel", "Unknown Error on Channel"}
		}
		sk.replyError(m, je.Error())
		return
	}
	sk.mu.Lock()
	if sk.ctx.Err() != nil {
		sk.mu.Unlock()
		return
	}
	old := sk.channels[m.Topic]
	sk.channels[m.Topic] = ch
	sk.mu.Unlock()
	if old != nil {
		old.detach()
	}
	sk.srv.hub.add(ch)

	resp := []byte(`{"postgres_changes":[`)
	if ch.pg != nil {
		for i, b := range ch.pg.bindings {
			if i > 0 {
				resp = append(resp, ',')
			}
			resp = append(resp, b.echo...)
		}
	}
	resp = append(resp, "]}"...)
	sk.reply(m, "ok", resp)

	if ch.pg != nil {
		if pgErr != nil {
			ch.system("postgres_changes", "error", pgErr.Error())
		} else {
			sk.srv.disp.subscribe(ch.pg)
			// Only once the slot captures changes: until then a change
			// committed after this message would be lost.
			sk.srv.afterSlotReady(sk.ctx, func() {
				if !ch.isClosed() {
					ch.system("postgres_changes", "ok", "Subscribed to PostgreSQL")
				}
			})
		}
	}
	if ch.presenceEnabled.Load() {
		ch.sendPresenceState()
	}
	if replicationReady {
		// Subscriptions are effective from then on: the slot keeps every
		// later change until it is delivered, even while no instance
		// streams it.
		sk.srv.afterSlotReady(sk.ctx, func() {
			if !ch.isClosed() {
				ch.system("system", "ok", "Replication connection established")
			}
		})
	}
	ch.armExpiry()
}

// prepareJoin validates a join and builds its channel. pgErr reports
// postgres_changes bindings the server cannot follow: the join still
// succeeds and the client is told with a system message (unless it asked
// to wait for the subscription, which makes it a join error).
func (sk *socket) prepareJoin(m phx.Message) (ch *channel, pgErr error, replicationReady bool, err error) {
	s := sk.srv
	sub, ok := strings.CutPrefix(m.Topic, "realtime:")
	if !ok || sub == "" {
		return nil, nil, false, &joinError{"TopicNameRequired", "You must provide a topic name"}
	}
	var p joinPayload
	if len(m.Payload) > 0 && !bytes.Equal(m.Payload, []byte("null")) {
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			return nil, nil, false, &joinError{"InvalidJoinPayload", "the join payload is not a valid config"}
		}
	}
	sk.mu.Lock()
	n := len(sk.channels)
	_, rejoin := sk.channels[m.Topic]
	sk.mu.Unlock()
	if !rejoin && n >= s.cfg.MaxChannelsPerSocket {
		return nil, nil, false, &joinError{"ChannelRateLimitReached", "Too many channels"}
	}

	tok := sk.apikey
	for _, t := range []*string{p.AccessToken, p.UserToken} {
		if t != nil && *t != "" && !strings.HasPrefix(*t, "sb_") {
			tok = *t
			break
		}
	}
	a, err := s.verifyToken(tok)
	if err != nil {
		return nil, nil, false, err
	}
	ctx, cancel := context.WithTimeout(sk.ctx, 10*time.Second)
	defer cancel()
	if ok, err := s.roleAllowed(ctx, a.role); err != nil {
		return nil, nil, false, err
	} else if !ok {
		return nil, nil, false, &joinError{"Unauthorized", fmt.Sprintf("role %q in the JWT is not a role this server serves", a.role)}
	}

	ch = &channel{
		sk:      sk,
		topic:   m.Topic,
		key:     topicKey{sub: sub, private: p.Config.Private},
		joinRef: m.JoinRef,
		self:    p.Config.Broadcast.Self,
		ack:     p.Config.Broadcast.Ack,
	}
	if ch.joinRef == "" {
		ch.joinRef = m.Ref
	}
	ch.auth.Store(a)
	ch.presenceKey = presenceKey(p.Config.Presence.Key)
	ch.presenceEnabled.Store(p.Config.Presence.Enabled)

	if ch.key.private {
		pm, err := s.authorizeTopic(ctx, ch.key.sub, a, ch.sk.request)
		if err != nil {
			return nil, nil, false, err
		}
		if !pm.broadcastRead && !pm.presenceRead {
			return nil, nil, false, &joinError{"Unauthorized", "You do not have permissions to read from this Channel topic: " + sub}
		}
		ch.perms.Store(pm)
	}
	if len(p.Config.PostgresChanges) > 0 {
		ch.pg, pgErr = s.parseBindings(ctx, ch, p.Config.PostgresChanges)
		if pgErr != nil && errors.Is(pgErr, errMalformedBinding) {
			return nil, nil, false, &joinError{"InvalidJoinPayload", pgErr.Error()}
		}
		if pgErr != nil && p.Config.PostgresChangesOptions != nil && p.Config.PostgresChangesOptions.Wait {
			return nil, nil, false, &joinError{"RealtimeDisabledForConfiguration", pgErr.Error()}
		}
	}
	return ch, pgErr, p.Config.Broadcast.ReplicationReady, nil
}

// presenceKey is the configured key, or a fresh UUID when it is empty.
func presenceKey(raw json.RawMessage) string {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil && s != "" {
		return s
	}
	if len(raw) > 0 && !bytes.Equal(raw, []byte("null")) && !bytes.Equal(raw, []byte(`""`)) {
		return strings.Trim(string(raw), `"`)
	}
	return newUUID()
}

// system pushes a system message to the channel's client.
func (ch *channel) system(extension, status, message string) {
	b := []byte(`{"extension":`)
	b = phx.AppendString(b, extension)
	b = append(b, `,"status":`...)
	b = phx.AppendString(b, status)
	b = append(b, `,"message":`...)
	b = phx.AppendString(b, message)
	b = append(b, `,"channel":`...)
	b = phx.AppendString(b, ch.key.sub)
	b = append(b, '}')
	ch.sk.sendText(ch.joinRef, "", ch.topic, "system", b)
}

// close ends the channel: an optional system error message, then
// phx_close, as the hosted service does when it stops a channel.
func (ch *channel) close(systemMessage string) {
	if !ch.markClosed() {
		return
	}
	if systemMessage != "" {
		ch.system("system", "error", systemMessage)
	}
	ch.sk.sendText(ch.joinRef, ch.joinRef, ch.topic, "phx_close", []byte("{}"))
	ch.sk.mu.Lock()
	if ch.sk.channels[ch.topic] == ch {
		delete(ch.sk.channels, ch.topic)
	}
	ch.sk.mu.Unlock()
	ch.release()
}

// detach removes the channel without telling the client (its socket is
// gone, or it rejoined the topic).
func (ch *channel) detach() {
	if ch.markClosed() {
		ch.release()
	}
}

func (ch *channel) markClosed() bool {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	if ch.closed {
		return false
	}
	ch.closed = true
	if ch.timer != nil {
		ch.timer.Stop()
	}
	return true
}

func (ch *channel) isClosed() bool {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	return ch.closed
}

func (ch *channel) release() {
	s := ch.sk.srv
	s.hub.remove(ch)
	s.pres.untrack(ch)
	if ch.pg != nil {
		s.disp.unsubscribe(ch.pg)
	}
}

// armExpiry schedules the channel's end at its token's expiry.
func (ch *channel) armExpiry() {
	a := ch.auth.Load()
	ch.mu.Lock()
	defer ch.mu.Unlock()
	if ch.closed {
		return
	}
	if ch.timer != nil {
		ch.timer.Stop()
	}
	ch.timer = time.AfterFunc(time.Until(a.exp), func() {
		if cur := ch.auth.Load(); cur != a {
			return // a newer token re-armed the timer
		}
		ch.close(expiredMessage(a.exp, ch.sk.srv.now()))
	})
}

func expiredMessage(exp, now time.Time) string {
	return fmt.Sprintf("Token has expired %d seconds ago", max(0, int(now.Sub(exp).Seconds())))
}

// updateToken applies an access_token push. No reply is sent. A token that
// fails verification, or that loses read access to a private channel,
// closes the channel.
func (ch *channel) updateToken(payload json.RawMessage) {
	var p struct {
		AccessToken *string `json:"access_token"`
	}
	if json.Unmarshal(payload, &p) != nil || p.AccessToken == nil {
		return
	}
	tok := *p.AccessToken
	if tok == "" || strings.HasPrefix(tok, "sb_") || tok == ch.auth.Load().token {
		return
	}
	s := ch.sk.srv
	a, err := s.verifyToken(tok)
	if err != nil {
		var je *joinError
		msg := err.Error()
		if errors.As(err, &je) {
			msg = je.msg
		}
		ch.close(msg)
		return
	}
	if ch.key.private {
		ctx, cancel := context.WithTimeout(ch.sk.ctx, 10*time.Second)
		pm, err := s.authorizeTopic(ctx, ch.key.sub, a, ch.sk.request)
		cancel()
		if err != nil {
			s.log.Error("realtime: re-authorize private channel", "topic", ch.key.sub, "err", err)
			ch.close("Realtime was unable to connect to the project database")
			return
		}
		prev := ch.perms.Load()
		if (prev.broadcastRead && !pm.broadcastRead) || (prev.presenceRead && !pm.presenceRead) {
			ch.close("You no longer have permission to read from this Channel topic: " + ch.key.sub)
			return
		}
		ch.perms.Store(pm)
	}
	ch.auth.Store(a)
	ch.armExpiry()
}

// verifyToken checks a JWT as the hosted service does: valid signature,
// "role" and "exp" present, not expired.
func (s *Server) verifyToken(tok string) (*auth, error) {
	now := s.now()
	claims, err := s.cfg.Signer.Verify(tok)
	if err != nil {
		if exp, ok := unverifiedExp(tok); ok && !exp.After(now) {
			return nil, &joinError{"InvalidJWTToken", expiredMessage(exp, now)}
		}
		if strings.Count(tok, ".") != 2 {
			return nil, &joinError{"MalformedJWT", "The token provided is not a valid JWT"}
		}
		return nil, &joinError{"JwtSignatureError", "Failed to validate JWT signature"}
	}
	role, _ := claims["role"].(string)
	expF, hasExp := claims["exp"].(float64)
	if role == "" || !hasExp {
		return nil, &joinError{"InvalidJWTToken", "Fields `role` and `exp` are required in JWT"}
	}
	exp := time.Unix(int64(expF), 0)
	if !exp.After(now) {
		return nil, &joinError{"InvalidJWTToken", expiredMessage(exp, now)}
	}
	cj, err := json.Marshal(claims)
	if err != nil {
		return nil, fmt.Errorf("encode claims: %w", err)
	}
	return &auth{token: tok, role: role, claimsJSON: cj, exp: exp}, nil
}

// unverifiedExp reads exp from a token without verifying it, only to word
// an error message.
func unverifiedExp(tok string) (time.Time, bool) {
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return time.Time{}, false
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return time.Time{}, false
	}
	var c struct {
		Exp *float64 `json:"exp"`
	}
	if json.Unmarshal(b, &c) != nil || c.Exp == nil {
		return time.Time{}, false
	}
	return time.Unix(int64(*c.Exp), 0), true
}
