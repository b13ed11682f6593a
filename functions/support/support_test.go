package support_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"daybase/functions/internal/fntest"
	"daybase/functions/support"
	"daybase/internal/asrole"
	"daybase/internal/identity"
	"daybase/internal/mail"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type fakeMailer struct {
	mu   sync.Mutex
	sent []mail.Message
	err  error
}

func (f *fakeMailer) Send(_ context.Context, m mail.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	f.sent = append(f.sent, m)
	return nil
}

// aal1 is a session signed in with the password only: the user of the
// recovery dialog, who cannot pass the second factor.
func aal1(userID string) identity.Identity {
	return identity.New(map[string]any{"sub": userID, "role": "authenticated", "aud": "authenticated", "aal": "aal1",
		"amr": []any{map[string]any{"method": "password", "timestamp": 1}}}, "token")
}

func TestSupportRequest(t *testing.T) {
	b := fntest.New(t)
	me := b.User("locked-out@example.test")
	mailer := &fakeMailer{}
	srv := b.Server(support.New(support.Config{To: "help@example.test", Mailer: mailer}, b.Log).Function())
	id := aal1(me)

	res := fntest.Invoke(srv, "POST", "/support-request", &id, map[string]any{
		"email": "  me@home.example  ", "message": " Lost my phone and my backup codes. ", "userId": me, "topic": "2fa_recovery",
	})
	if res.Code != 200 {
		t.Fatalf("submit: %d %s", res.Code, res.Body)
	}
	var out struct {
		Success bool   `json:"success"`
		ID      string `json:"id"`
	}
	res.JSON(t, &out)
	if !out.Success || out.ID == "" {
		t.Fatalf("answer %s", res.Body)
	}
	var email, message, topic, user string
	var mailed bool
	b.Scalar(&email, `SELECT email FROM public.support_requests WHERE id = $1`, out.ID)
	b.Scalar(&message, `SELECT message FROM public.support_requests WHERE id = $1`, out.ID)
	b.Scalar(&topic, `SELECT topic FROM public.support_requests WHERE id = $1`, out.ID)
	b.Scalar(&user, `SELECT user_id::text FROM public.support_requests WHERE id = $1`, out.ID)
	b.Scalar(&mailed, `SELECT mailed_at IS NOT NULL FROM public.support_requests WHERE id = $1`, out.ID)
	if email != "me@home.example" || message != "Lost my phone and my backup codes." || topic != "2fa_recovery" || user != me || !mailed {
		t.Errorf("stored %q %q %q %q mailed=%v", email, message, topic, user, mailed)
	}
	if len(mailer.sent) != 1 {
		t.Fatalf("mails: %+v", mailer.sent)
	}
	m := mailer.sent[0]
	if m.To != "help@example.test" || !strings.Contains(m.Subject, "me@home.example") ||
		!strings.Contains(m.Body, "Lost my phone") || !strings.Contains(m.Body, "locked-out@example.test") || !strings.Contains(m.Body, out.ID) {
		t.Errorf("mail %+v", m)
	}
}

func TestSupportRequestValidation(t *testing.T) {
	b := fntest.New(t)
	me := b.User("validate@example.test")
	mailer := &fakeMailer{}
	srv := b.Server(support.New(support.Config{To: "help@example.test", Mailer: mailer}, b.Log).Function())
	id := aal1(me)
	for _, tc := range []struct {
		body any
		code int
		text string
	}{
		{map[string]any{"email": "me@home.example", "message": "   "}, 400, `"error":"Please provide both your email and a detailed message"`},
		{map[string]any{"email": "", "message": "help"}, 400, `"title":"Missing information"`},
		{map[string]any{}, 400, "Please provide both your email and a detailed message"},
		{map[string]any{"email": "not an address", "message": "help"}, 400, "Please provide a valid email address"},
		{map[string]any{"email": "Me <me@home.example>", "message": "help"}, 400, "valid email"},
		{map[string]any{"email": "me@home.example", "message": strings.Repeat("x", support.MaxMessage+1)}, 400, "under 5000 characters"},
		{map[string]any{"email": "me@home.example", "message": "help", "topic": "billing"}, 400, "topic"},
		{"{not json", 400, "Invalid JSON"},
	} {
		res := fntest.Invoke(srv, "POST", "/support-request", &id, tc.body)
		if res.Code != tc.code || !strings.Contains(res.Body, tc.text) {
			t.Errorf("%v: %d %s", tc.body, res.Code, res.Body)
		}
	}
	// Nobody signed in: refused before the function runs.
	if res := fntest.Invoke(srv, "POST", "/support-request", nil, map[string]any{"email": "a@b.example", "message": "x"}); res.Code != 401 {
		t.Errorf("anonymous: %d %s", res.Code, res.Body)
	}
	var n int
	b.Scalar(&n, `SELECT count(*) FROM public.support_requests`)
	if n != 0 || len(mailer.sent) != 0 {
		t.Errorf("refused requests stored %d, mailed %d", n, len(mailer.sent))
	}
}

func TestSupportRequestRateLimit(t *testing.T) {
	b := fntest.New(t)
	me := b.User("eager@example.test")
	other := b.User("patient@example.test")
	mailer := &fakeMailer{}
	srv := b.Server(support.New(support.Config{To: "help@example.test", Mailer: mailer}, b.Log).Function())
	id := aal1(me)
	body := map[string]any{"email": "eager@example.test", "message": "please"}

	// Concurrent requests: exactly three of five pass.
	var wg sync.WaitGroup
	codes := make(chan int, 5)
	for range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- fntest.Invoke(srv, "POST", "/support-request", &id, body).Code
		}()
	}
	wg.Wait()
	close(codes)
	count := map[int]int{}
	for c := range codes {
		count[c]++
	}
	if count[200] != 3 || count[429] != 2 {
		t.Fatalf("codes %v", count)
	}
	res := fntest.Invoke(srv, "POST", "/support-request", &id, body)
	if res.Code != 429 || !strings.Contains(res.Body, "You have sent 3 support requests in the last hour. Please try again in 60 minutes.") {
		t.Errorf("limited: %d %s", res.Code, res.Body)
	}
	// Another user is not limited by the first one.
	otherID := aal1(other)
	if res := fntest.Invoke(srv, "POST", "/support-request", &otherID, body); res.Code != 200 {
		t.Errorf("other user: %d %s", res.Code, res.Body)
	}
	// An hour later the oldest request no longer counts.
	b.Exec(`UPDATE public.support_requests SET created_at = created_at - interval '61 minutes'
WHERE id = (SELECT id FROM public.support_requests WHERE user_id = $1 ORDER BY created_at LIMIT 1)`, me)
	if res := fntest.Invoke(srv, "POST", "/support-request", &id, body); res.Code != 200 {
		t.Errorf("after an hour: %d %s", res.Code, res.Body)
	}
}

// A failed mail keeps the stored request, unmarked; the user is told it
// was submitted (support works from the table).
func TestSupportRequestMailFailure(t *testing.T) {
	b := fntest.New(t)
	me := b.User("mailfail@example.test")
	srv := b.Server(support.New(support.Config{To: "help@example.test", Mailer: &fakeMailer{err: errors.New("smtp down")}}, b.Log).Function())
	id := aal1(me)
	if res := fntest.Invoke(srv, "POST", "/support-request", &id, map[string]any{"email": "a@b.example", "message": "x"}); res.Code != 200 {
		t.Fatalf("%d %s", res.Code, res.Body)
	}
	var unmailed int
	b.Scalar(&unmailed, `SELECT count(*) FROM public.support_requests WHERE user_id = $1 AND mailed_at IS NULL`, me)
	if unmailed != 1 {
		t.Errorf("unmailed = %d", unmailed)
	}
}

// Without a support address the mail goes to the dev outbox.
func TestSupportRequestDevOutbox(t *testing.T) {
	b := fntest.New(t)
	me := b.User("dev@example.test")
	srv := b.Server(support.New(support.Config{Mailer: mail.NewOutbox(b.Admin, b.Log)}, b.Log).Function())
	id := aal1(me)
	if res := fntest.Invoke(srv, "POST", "/support-request", &id, map[string]any{"email": "dev@example.test", "message": "lost it"}); res.Code != 200 {
		t.Fatalf("%d %s", res.Code, res.Body)
	}
	var to, body string
	b.Scalar(&to, `SELECT to_address FROM auth.outbox WHERE kind = 'support_request'`)
	b.Scalar(&body, `SELECT body FROM auth.outbox WHERE kind = 'support_request'`)
	if to != support.DevAddress || !strings.Contains(body, "lost it") {
		t.Errorf("outbox %q %q", to, body)
	}
}

// The table is the server's: the API roles can neither read nor write it.
func TestSupportRequestsNotReachableByClients(t *testing.T) {
	b := fntest.New(t)
	me := b.User("client@example.test")
	b.Exec(`INSERT INTO public.support_requests (user_id, email, message) VALUES ($1, 'client@example.test', 'hi')`, me)
	ctx := context.Background()
	for name, who := range map[string]identity.Identity{
		"authenticated": fntest.As(me),
		"anon":          identity.New(map[string]any{"role": "anon"}, ""),
	} {
		err := asrole.Tx(ctx, b.API, who, asrole.Request{}, func(tx pgx.Tx) error {
			var n int
			return tx.QueryRow(ctx, `SELECT count(*) FROM public.support_requests`).Scan(&n)
		})
		if err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("%s select: %v", name, err)
		}
		err = asrole.Tx(ctx, b.API, who, asrole.Request{}, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO public.support_requests (user_id, email, message) VALUES ($1, 'x@y.example', 'spam')`, me)
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("%s insert: %v", name, err)
		}
	}
}
