package gateway

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// readFromRecorder is a ResponseWriter that, like net/http's, has ReadFrom.
type readFromRecorder struct {
	*httptest.ResponseRecorder
	readFrom bool
}

func (r *readFromRecorder) ReadFrom(src io.Reader) (int64, error) {
	r.readFrom = true
	return io.Copy(r.ResponseRecorder, src)
}

// io.Copy into the access log's recorder must reach the connection's
// ReadFrom (sendfile for downloads) and still count status and bytes.
func TestStatusRecorderForwardsReadFrom(t *testing.T) {
	under := &readFromRecorder{ResponseRecorder: httptest.NewRecorder()}
	rec := &statusRecorder{ResponseWriter: under}
	// http.ServeContent copies through io.CopyN, so from an io.LimitedReader.
	n, err := io.Copy(rec, io.LimitReader(strings.NewReader("file bytes"), 100))
	if err != nil || n != 10 {
		t.Fatalf("io.Copy = %d, %v", n, err)
	}
	if !under.readFrom {
		t.Error("the underlying ReadFrom was not used")
	}
	if rec.status != http.StatusOK || rec.bytes != 10 || under.Body.String() != "file bytes" {
		t.Errorf("status %d, bytes %d, body %q", rec.status, rec.bytes, under.Body.String())
	}
}
