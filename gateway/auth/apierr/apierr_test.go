package apierr

import (
	"net/http"
	"testing"
)

// Every code the service produces has its status in the one table.
func TestEveryCodeHasAStatus(t *testing.T) {
	for code, status := range codeStatus {
		if status < 400 || status > 599 {
			t.Errorf("%s: status %d", code, status)
		}
	}
	if got := Fail(CodeMFAFactorNotFound, "x").WithStatus(http.StatusUnprocessableEntity).HTTPStatus(); got != http.StatusUnprocessableEntity {
		t.Errorf("WithStatus: got %d", got)
	}
	if got := Fail(Code("unlisted"), "x").HTTPStatus(); got != http.StatusBadRequest {
		t.Errorf("unlisted code: got %d, want 400", got)
	}
}
