package storage_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The task-attachments bucket is private (migration 0600, issue 17
// finding 9): a task's files are read by the people who see the task.
var attachmentCases = []testCase{
	{"task attachments are read only by people who can see the task", nil, func(t *testing.T, b *bundle) {
		alice, aliceTok := b.user()
		bob, bobTok := b.user()
		_, carolTok := b.user()
		var project, task string
		b.scalar(&project, "INSERT INTO public.projects (user_id, name) VALUES ($1, 'Launch') RETURNING id::text", alice)
		b.exec("INSERT INTO public.project_members (project_id, user_id, role) VALUES ($1, $2, 'member')", project, bob)
		b.scalar(&task, "INSERT INTO public.tasks (user_id, title, project_id) VALUES ($1, 'Plan', $2) RETURNING id::text", alice, project)
		name := alice + "/" + task + "/3f2a.pdf"
		wantOK(t, b.put(as(aliceTok), "task-attachments/"+name, "application/pdf", pdfBytes))

		// The public URL, which read it forever, answers as for a
		// private bucket.
		wantError(t, b.call(http.MethodGet, "/object/public/task-attachments/"+name, nil, nobody),
			400, "404", "NoSuchBucket", "Bucket not found", "Bucket not found")
		wantError(t, b.call(http.MethodGet, "/object/public/task-attachments/"+name, nil, as(bobTok)),
			400, "404", "NoSuchBucket", "Bucket not found", "Bucket not found")
		canRead := func(tok string) bool {
			t.Helper()
			g := b.call(http.MethodGet, "/object/authenticated/task-attachments/"+name, nil, as(tok))
			return g.status == 200 && bytes.Equal(g.body, pdfBytes)
		}
		sign := func(tok string) string {
			t.Helper()
			var out map[string]any
			decode(t, b.callJSON(http.MethodPost, "/object/sign/task-attachments/"+name, map[string]any{"expiresIn": 60}, as(tok)), &out)
			s, _ := out["signedURL"].(string)
			return s
		}
		readers := map[string]bool{"alice (uploader)": canRead(aliceTok), "bob (project member)": canRead(bobTok), "carol (outsider)": canRead(carolTok), "anon": canRead(b.anonKey)}
		if want := map[string]bool{"alice (uploader)": true, "bob (project member)": true, "carol (outsider)": false, "anon": false}; !cmp.Equal(want, readers) {
			t.Errorf("readers = %v, want %v", readers, want)
		}
		if sign(carolTok) != "" {
			t.Error("an outsider got a signed URL")
		}
		bobsURL := sign(bobTok)
		if g := b.call(http.MethodGet, bobsURL, nil, nobody); g.status != 200 || !bytes.Equal(g.body, pdfBytes) {
			t.Fatalf("bob's signed URL: %d %s", g.status, g.body)
		}
		var listed []map[string]any
		decode(t, b.callJSON(http.MethodPost, "/object/list/task-attachments", map[string]any{"prefix": alice + "/" + task}, as(bobTok)), &listed)
		if len(listed) != 1 {
			t.Errorf("bob lists %v", listed)
		}

		// Removed from the project, Bob reads nothing more, and the URL he
		// signed before dies with its short life.
		b.exec("DELETE FROM public.project_members WHERE project_id = $1 AND user_id = $2", project, bob)
		if canRead(bobTok) || sign(bobTok) != "" {
			t.Error("bob still reads the task's file after leaving the project")
		}
		decode(t, b.callJSON(http.MethodPost, "/object/list/task-attachments", map[string]any{"prefix": alice + "/" + task}, as(bobTok)), &listed)
		if len(listed) != 0 {
			t.Errorf("bob still lists %v", listed)
		}
		// (Expiry itself: "signed download URLs" in storage_test.go.)
		claims, err := b.signer.Verify(bobsURL[strings.Index(bobsURL, "token=")+len("token="):])
		if err != nil {
			t.Fatal(err)
		}
		if life := claims["exp"].(float64) - claims["iat"].(float64); life != 60 {
			t.Errorf("bob's URL lives %vs, want the 60 s asked for", life)
		}

		// Assigned the task, he reads it again; a path that names no task
		// is readable by its uploader only.
		b.exec("UPDATE public.tasks SET assigned_to = $2 WHERE id = $1", task, bob)
		if !canRead(bobTok) {
			t.Error("the assignee cannot read the task's file")
		}
		wantOK(t, b.put(as(aliceTok), "task-attachments/"+alice+"/not-a-task/x.pdf", "application/pdf", pdfBytes))
		if g := b.call(http.MethodGet, "/object/authenticated/task-attachments/"+alice+"/not-a-task/x.pdf", nil, as(bobTok)); g.status == 200 {
			t.Error("a file outside any task is readable by others")
		}
	}},
}
