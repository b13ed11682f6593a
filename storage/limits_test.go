package storage_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"daybase/storage"
	"daybase/storage/validate"
)

var limitCases = []testCase{
	{"five uploads a minute", nil, func(t *testing.T, b *bundle) {
		uid, tok := b.user()
		for i := range 5 {
			wantOK(t, b.put(as(tok), "task-attachments/"+uid+"/t/"+string(rune('a'+i))+".txt", "text/plain", []byte("x")))
		}
		r := b.put(as(tok), "task-attachments/"+uid+"/t/f.txt", "text/plain", []byte("x"))
		wantError(t, r, 429, "429", "SlowDown", "too_many_requests", "Upload rate limit exceeded (max 5 per minute).")
		if ra := r.header.Get("Retry-After"); ra == "" || ra == "0" {
			t.Errorf("Retry-After = %q", ra)
		}
		// Another user is not affected; neither are other buckets.
		other, otherTok := b.user()
		wantOK(t, b.put(as(otherTok), "task-attachments/"+other+"/t/a.txt", "text/plain", []byte("x")))
		b.createBucket("plain", false, nil)
		b.exec(`CREATE POLICY "plain: anyone signed in" ON storage.objects FOR INSERT TO authenticated WITH CHECK (bucket_id = 'plain')`)
		wantOK(t, b.put(as(tok), "plain/g.txt", "text/plain", []byte("x")))
	}},

	{"twenty-five uploads an hour", nil, func(t *testing.T, b *bundle) {
		uid, tok := b.user()
		b.exec(`INSERT INTO storage.upload_events (user_id, bytes, created_at)
		        SELECT $1, 1, now() - interval '30 minutes' FROM generate_series(1, 25)`, uid)
		wantError(t, b.put(as(tok), "task-attachments/"+uid+"/t/a.txt", "text/plain", []byte("x")),
			429, "429", "SlowDown", "too_many_requests", "Hourly upload limit exceeded (max 25 per hour).")
	}},

	{"a hundred megabytes a day", nil, func(t *testing.T, b *bundle) {
		uid, tok := b.user()
		b.exec(`INSERT INTO storage.upload_events (user_id, bytes, created_at) VALUES ($1, $2, now() - interval '3 hours')`,
			uid, 100*validate.MB-10)
		wantError(t, b.put(as(tok), "task-attachments/"+uid+"/t/a.txt", "text/plain", []byte("more than ten bytes")),
			429, "429", "SlowDown", "too_many_requests", "Daily upload size limit exceeded. Remaining: 10 B")
		wantOK(t, b.put(as(tok), "task-attachments/"+uid+"/t/b.txt", "text/plain", []byte("ten bytes!")))
		wantError(t, b.put(as(tok), "task-attachments/"+uid+"/t/c.txt", "text/plain", []byte("x")),
			429, "429", "SlowDown", "too_many_requests", "Daily upload size limit exceeded. Remaining: 0 B")
		// Yesterday's uploads no longer count.
		b.exec(`UPDATE storage.upload_events SET created_at = now() - interval '25 hours' WHERE user_id = $1`, uid)
		wantOK(t, b.put(as(tok), "task-attachments/"+uid+"/t/d.txt", "text/plain", []byte("x")))
	}},

	{"three uploads at once", nil, func(t *testing.T, b *bundle) {
		uid, tok := b.user()
		// Three uploads that hold their bodies open until released.
		release := make(chan struct{})
		var wg sync.WaitGroup
		results := make([]int, 3)
		started := make(chan struct{}, 3)
		for i := range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				pr, pw := io.Pipe()
				go func() {
					pw.Write([]byte("first bytes of a slow upload "))
					started <- struct{}{}
					<-release
					pw.Close()
				}()
				req, _ := http.NewRequest(http.MethodPost, b.url+"/object/task-attachments/"+uid+"/t/slow"+string(rune('0'+i))+".txt", pr)
				req.Header.Set("Content-Type", "text/plain")
				req.Header.Set("apikey", b.anonKey)
				req.Header.Set("Authorization", "Bearer "+tok)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				results[i] = res.StatusCode
			}()
		}
		for range 3 {
			<-started
		}
		// The slow uploads have been admitted once the backend has bytes.
		deadline := time.Now().Add(10 * time.Second)
		for {
			var n int
			b.scalar(&n, "SELECT count(*) FROM storage.upload_events WHERE user_id = $1", uid)
			if n == 3 || time.Now().After(deadline) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		r := b.put(as(tok), "task-attachments/"+uid+"/t/fourth.txt", "text/plain", []byte("x"))
		close(release)
		wg.Wait()
		wantError(t, r, 429, "429", "SlowDown", "too_many_requests",
			"Too many concurrent uploads (max 3). Please wait for current uploads to complete.")
		for i, s := range results {
			if s != 200 {
				t.Errorf("slow upload %d = %d", i, s)
			}
		}
	}},

	{"an oversize body is cut off at the limit", []option{func(c *storage.Config) {
		c.Limits = storage.Limits{PerMinute: 100, PerHour: 100, BytesPerDay: 1 << 40, Concurrent: 10}
	}}, func(t *testing.T, b *bundle) {
		uid, tok := b.user()
		// 200 MB of unknown length (chunked), so only reading can tell.
		var sent atomic.Int64
		body := &countReader{r: io.MultiReader(strings.NewReader("plain text "), io.LimitReader(zeros{}, 200*validate.MB)), n: &sent}
		req, _ := http.NewRequest(http.MethodPost, b.url+"/object/task-attachments/"+uid+"/t/big.txt", io.NopCloser(body))
		req.Header.Set("Content-Type", "text/plain")
		req.Header.Set("apikey", b.anonKey)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("upload: %v", err)
		}
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		wantError(t, resp{status: res.StatusCode, body: data}, 400, "413", "EntityTooLarge", "Payload too large",
			`File "big.txt" exceeds maximum size of 10MB`)
		if n := sent.Load(); n > 40*validate.MB {
			t.Errorf("the client could send %d MB of a body refused at 10 MB", n/validate.MB)
		}
		if n := b.tap.n.Load(); n > 10*validate.MB {
			t.Errorf("the store was handed %d bytes, more than the 10 MB limit", n)
		}
		var used int64
		b.scalar(&used, "SELECT coalesce(sum(bytes), 0) FROM storage.upload_events WHERE user_id = $1", uid)
		if used != 0 {
			t.Errorf("a refused upload charged %d bytes to the daily budget", used)
		}
		if keys := b.keys(t); len(keys) != 0 {
			t.Errorf("bytes left: %v", keys)
		}
	}},

	{"uploads stream into the backend", nil, func(t *testing.T, b *bundle) {
		// The first megabyte must reach the store while the client still
		// holds the rest back: the body is never buffered whole.
		uid, tok := b.user()
		pr, pw := io.Pipe()
		done := make(chan resp, 1)
		go func() {
			req, _ := http.NewRequest(http.MethodPost, b.url+"/object/task-attachments/"+uid+"/t/stream.txt", pr)
			req.Header.Set("Content-Type", "text/plain")
			req.Header.Set("apikey", b.anonKey)
			req.Header.Set("Authorization", "Bearer "+tok)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				done <- resp{}
				return
			}
			data, _ := io.ReadAll(res.Body)
			res.Body.Close()
			done <- resp{status: res.StatusCode, body: data}
		}()
		chunk := []byte(strings.Repeat("streaming ", 100<<10)) // ~1 MB
		go pw.Write(chunk)
		if !b.tap.waitFor(int64(len(chunk)), 10*time.Second) {
			pw.CloseWithError(io.ErrUnexpectedEOF)
			t.Fatalf("the store got %d bytes of the first %d while the client held the rest", b.tap.n.Load(), len(chunk))
		}
		pw.Write(chunk)
		pw.Close()
		wantOK(t, <-done)
		v := b.version("task-attachments", uid+"/t/stream.txt")
		rc, err := b.backend.Open(context.Background(), "task-attachments/"+v[:2]+"/"+v)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if len(got) != 2*len(chunk) {
			t.Errorf("stored %d bytes, want %d", len(got), 2*len(chunk))
		}
	}},
}
