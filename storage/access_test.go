package storage_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"daybase/internal/token"
)

const rlsObjects = `new row violates row-level security policy for table "objects"`

var accessCases = []testCase{
	{"bad JWTs, foreign roles and missing credentials are refused", nil, func(t *testing.T, b *bundle) {
		b.createBucket("docs", true, nil)
		wantError(t, b.put(as("not.a.jwt"), "docs/x.txt", "text/plain", []byte("x")), 400, "400", "InvalidJWT", "Unauthorized", "Invalid JWT")
		wantError(t, b.call(http.MethodGet, "/object/docs/x.txt", nil, as("not.a.jwt")), 400, "400", "InvalidJWT", "Unauthorized", "Invalid JWT")
		admin, _ := b.signer.Sign(token.Claims{"role": "postgres", "exp": 9999999999})
		wantError(t, b.put(as(admin), "docs/x.txt", "text/plain", []byte("x")), 403, "403", "AccessDenied", "Unauthorized", `Access denied: role "postgres" is not allowed`)
		wantError(t, b.put(nobody, "docs/x.txt", "text/plain", []byte("x")), 403, "403", "AccessDenied", "Unauthorized",
			"Invalid Compact JWS")
		wantError(t, b.callJSON(http.MethodPost, "/object/list/docs", map[string]any{}, nobody), 403, "403", "AccessDenied", "Unauthorized",
			"Invalid Compact JWS")
		// The anon key alone is a credential, and anon has no INSERT policy.
		wantError(t, b.put(as(b.anonKey), "docs/x.txt", "text/plain", []byte("x")), 400, "403", "AccessDenied", "Unauthorized", rlsObjects)
	}},

	{"users write only below their own folder and delete only their own objects", nil, func(t *testing.T, b *bundle) {
		alice, aliceTok := b.user()
		bob, bobTok := b.user()
		wantOK(t, b.put(as(aliceTok), "task-attachments/"+alice+"/task1/a.txt", "text/plain", []byte("mine")))
		r := b.put(as(bobTok), "task-attachments/"+alice+"/task1/b.txt", "text/plain", []byte("not yours"))
		wantError(t, r, 400, "403", "AccessDenied", "Unauthorized", rlsObjects)
		if keys := b.bucketKeys("task-attachments"); len(keys) != 1 {
			t.Errorf("stored %v, want only alice's file", keys)
		}
		// Bob cannot list, move or delete Alice's objects; his remove is a no-op.
		l := b.callJSON(http.MethodPost, "/object/list/task-attachments", map[string]any{"prefix": alice + "/task1"}, as(bobTok))
		if strings.TrimSpace(string(l.body)) != "[]" {
			t.Errorf("bob lists %s", l.body)
		}
		rm := b.callJSON(http.MethodDelete, "/object/task-attachments", map[string]any{"prefixes": []string{alice + "/task1/a.txt"}}, as(bobTok))
		if rm.status != 200 || strings.TrimSpace(string(rm.body)) != "[]" {
			t.Errorf("bob's remove = %d %s", rm.status, rm.body)
		}
		wantError(t, b.callJSON(http.MethodPost, "/object/move", map[string]any{"bucketId": "task-attachments",
			"sourceKey": alice + "/task1/a.txt", "destinationKey": bob + "/task1/a.txt"}, as(bobTok)), 400, "404", "NoSuchKey", "not_found", "Object not found")
		// Alice cannot move her file into Bob's folder either.
		wantError(t, b.callJSON(http.MethodPost, "/object/move", map[string]any{"bucketId": "task-attachments",
			"sourceKey": alice + "/task1/a.txt", "destinationKey": bob + "/task1/a.txt"}, as(aliceTok)), 400, "403", "AccessDenied", "Unauthorized", rlsObjects)
		l = b.callJSON(http.MethodPost, "/object/list/task-attachments", map[string]any{"prefix": alice + "/task1"}, as(aliceTok))
		var entries []map[string]any
		decode(t, l, &entries)
		if len(entries) != 1 || entries[0]["name"] != "a.txt" {
			t.Errorf("alice lists %s", l.body)
		}
		rm = b.callJSON(http.MethodDelete, "/object/task-attachments", map[string]any{"prefixes": []string{alice + "/task1/a.txt"}}, as(aliceTok))
		decode(t, rm, &entries)
		if len(entries) != 1 || entries[0]["owner"] != alice {
			t.Errorf("alice's remove = %s", rm.body)
		}
		if keys := b.bucketKeys("task-attachments"); len(keys) != 0 {
			t.Errorf("bytes left: %v", keys)
		}
	}},

	{"a policy that says no after the bytes are stored removes them", nil, func(t *testing.T, b *bundle) {
		// A policy on the object's size cannot be decided before the bytes
		// of a multipart upload are read, so the first check passes and the
		// final INSERT is refused.
		b.createBucket("strict", false, nil)
		b.exec(`CREATE POLICY "strict: small files" ON storage.objects FOR INSERT TO authenticated
		        WITH CHECK (bucket_id = 'strict' AND (metadata->>'size')::bigint < 5)`)
		_, tok := b.user()
		body, ct := multipartBody("text/plain", []byte("0123456789"))
		r := b.call(http.MethodPost, "/object/strict/big.txt", body, as(tok), "Content-Type", ct)
		wantError(t, r, 400, "403", "AccessDenied", "Unauthorized", rlsObjects)
		if keys := b.bucketKeys("strict"); len(keys) != 0 {
			t.Errorf("refused upload left bytes: %v", keys)
		}
		if n := b.objectCount("strict"); n != 0 {
			t.Errorf("refused upload left %d rows", n)
		}
		body, ct = multipartBody("text/plain", []byte("tiny"))
		wantOK(t, b.call(http.MethodPost, "/object/strict/small.txt", body, as(tok), "Content-Type", ct))
	}},

	{"journal images go only to the user's own entries", nil, func(t *testing.T, b *bundle) {
		alice, aliceTok := b.user()
		bob, _ := b.user()
		// Without the journal tables the folder must be the user's own id.
		var hasJournal bool
		b.scalar(&hasJournal, "SELECT to_regclass('public.journal_entries') IS NOT NULL")
		if hasJournal {
			b.exec("ALTER TABLE public.journal_entries RENAME TO journal_entries_hidden")
		}
		wantOK(t, b.put(as(aliceTok), "journal-images/"+alice+"/1.png", "image/png", pngBytes))
		wantError(t, b.put(as(aliceTok), "journal-images/"+bob+"/1.png", "image/png", pngBytes), 400, "403", "AccessDenied", "Unauthorized", rlsObjects)
		// With them, the folder must be an entry the user owns.
		if hasJournal {
			b.exec("ALTER TABLE public.journal_entries_hidden RENAME TO journal_entries")
		} else {
			b.exec("CREATE TABLE public.journal_entries (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL)")
		}
		var aliceEntry, bobEntry string
		b.scalar(&aliceEntry, "INSERT INTO public.journal_entries (user_id) VALUES ($1) RETURNING id::text", alice)
		b.scalar(&bobEntry, "INSERT INTO public.journal_entries (user_id) VALUES ($1) RETURNING id::text", bob)
		wantOK(t, b.put(as(aliceTok), "journal-images/"+aliceEntry+"/1700000000000.png", "image/png", pngBytes))
		wantError(t, b.put(as(aliceTok), "journal-images/"+bobEntry+"/1700000000000.png", "image/png", pngBytes), 400, "403", "AccessDenied", "Unauthorized", rlsObjects)
		wantError(t, b.put(as(aliceTok), "journal-images/"+aliceEntry+"/deeper/1.png", "image/png", pngBytes), 400, "403", "AccessDenied", "Unauthorized", rlsObjects)
		// Public bucket: anyone reads through the public URL.
		if g := b.call(http.MethodGet, "/object/public/journal-images/"+aliceEntry+"/1700000000000.png", nil, nobody); g.status != 200 {
			t.Errorf("public read = %d", g.status)
		}
	}},

	{"note images go to notes the user owns or may edit", nil, func(t *testing.T, b *bundle) {
		alice, aliceTok := b.user()
		bob, bobTok := b.user()
		var note, token string
		b.scalar(&note, "INSERT INTO public.notes (user_id, title) VALUES ($1, 'n') RETURNING id::text", alice)
		wantOK(t, b.put(as(aliceTok), "note-images/"+note+"/1700000000000.png", "image/png", pngBytes))
		wantError(t, b.put(as(aliceTok), "note-images/"+note+"/deeper/1.png", "image/png", pngBytes), 400, "403", "AccessDenied", "Unauthorized", rlsObjects)
		wantError(t, b.put(as(aliceTok), "note-images/"+alice+"/1.png", "image/png", pngBytes), 400, "403", "AccessDenied", "Unauthorized", rlsObjects)
		// Bob: nothing before the link, nothing with 'Can view', uploads with 'Can edit'.
		wantError(t, b.put(as(bobTok), "note-images/"+note+"/1700000000001.png", "image/png", pngBytes), 400, "403", "AccessDenied", "Unauthorized", rlsObjects)
		b.scalar(&token, "INSERT INTO public.note_shares (user_id, note_id, permission) VALUES ($1, $2, 'view') RETURNING token", alice, note)
		b.exec("INSERT INTO public.note_share_recipients (share_id, user_id) SELECT id, $2 FROM public.note_shares WHERE token = $1", token, bob)
		wantError(t, b.put(as(bobTok), "note-images/"+note+"/1700000000001.png", "image/png", pngBytes), 400, "403", "AccessDenied", "Unauthorized", rlsObjects)
		b.exec("UPDATE public.note_shares SET permission = 'edit' WHERE token = $1", token)
		wantOK(t, b.put(as(bobTok), "note-images/"+note+"/1700000000001.png", "image/png", pngBytes))
		// Only images, and each uploader deletes only their own.
		wantError(t, b.put(as(aliceTok), "note-images/"+note+"/a.pdf", "application/pdf", []byte("%PDF-1.4")), 400, "415", "InvalidMimeType", "invalid_mime_type", `File type "application/pdf" is not supported`)
		rm := b.callJSON(http.MethodDelete, "/object/note-images", map[string]any{"prefixes": []string{note + "/1700000000000.png"}}, as(bobTok))
		wantOK(t, rm)
		if keys := b.bucketKeys("note-images"); len(keys) != 2 {
			t.Errorf("bob deleted alice's image: %d objects left", len(keys))
		}
		if g := b.call(http.MethodGet, "/object/public/note-images/"+note+"/1700000000000.png", nil, nobody); g.status != 200 {
			t.Errorf("public read = %d", g.status)
		}
	}},

	{"storage_used follows uploads, replacements, copies and deletes", nil, func(t *testing.T, b *bundle) {
		var hasProfiles bool
		b.scalar(&hasProfiles, "SELECT to_regclass('public.user_profiles') IS NOT NULL")
		if !hasProfiles {
			b.exec(`CREATE TABLE public.user_profiles (id uuid PRIMARY KEY, storage_used bigint NOT NULL DEFAULT 0)`)
		}
		alice, tok := b.user()
		b.exec("INSERT INTO public.user_profiles (id) VALUES ($1) ON CONFLICT (id) DO NOTHING", alice)
		used := func() int64 {
			t.Helper()
			var n int64
			b.scalar(&n, "SELECT storage_used FROM public.user_profiles WHERE id = $1", alice)
			return n
		}
		dir := "task-attachments/" + alice + "/t/"
		wantOK(t, b.put(as(tok), dir+"a.txt", "text/plain", []byte("12345")))
		wantOK(t, b.put(as(tok), dir+"b.txt", "text/plain", []byte("123")))
		if got := used(); got != 8 {
			t.Errorf("after two uploads storage_used = %d, want 8", got)
		}
		wantOK(t, b.put(as(tok), dir+"a.txt", "text/plain", []byte("1"), "x-upsert", "true"))
		if got := used(); got != 4 {
			t.Errorf("after replacing storage_used = %d, want 4", got)
		}
		wantOK(t, b.callJSON(http.MethodPost, "/object/copy", map[string]any{"bucketId": "task-attachments",
			"sourceKey": alice + "/t/b.txt", "destinationKey": alice + "/t/c.txt"}, as(tok)))
		if got := used(); got != 7 {
			t.Errorf("after copying storage_used = %d, want 7", got)
		}
		wantOK(t, b.callJSON(http.MethodDelete, "/object/task-attachments", map[string]any{"prefixes": []string{alice + "/t/a.txt", alice + "/t/b.txt"}}, as(tok)))
		if got := used(); got != 3 {
			t.Errorf("after deleting storage_used = %d, want 3", got)
		}
	}},

	{"service_role bypasses the policies", nil, func(t *testing.T, b *bundle) {
		bob, _ := b.user()
		svc := as(b.serviceKey)
		wantOK(t, b.put(svc, "task-attachments/"+bob+"/t/by-admin.txt", "text/plain", []byte("x")))
		l := b.callJSON(http.MethodPost, "/object/list/task-attachments", map[string]any{"prefix": bob + "/t"}, svc)
		var entries []map[string]any
		decode(t, l, &entries)
		if diff := cmp.Diff(1, len(entries)); diff != "" {
			t.Errorf("service list: %s", l.body)
		}
	}},
}
