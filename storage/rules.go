package storage

import "github.com/jackc/pgx/v5"

var errNoRows = pgx.ErrNoRows

// Rules are the app's file rules for one bucket (002 §5 "File upload").
// Uploads, copies and moves into the bucket are checked against them by
// the server whatever the client checked. The MIME allow-list is the
// bucket's own allowed_mime_types (so an operator edits it with
// updateBucket), reported with the spec's text instead of the generic one.
type Rules struct {
	// PlanSizeLimit limits each file to the uploader's plan (10 MB Free,
	// 100 MB Pro and Team) with the spec's message.
	PlanSizeLimit bool
	// RateLimited applies Config.Limits to the uploading user.
	RateLimited bool
	// RejectEmpty refuses files with no bytes.
	RejectEmpty bool
	// CheckNames applies the file-name rules and blocked extensions to the
	// last segment of the object name.
	CheckNames bool
	// CheckContent refuses executable signatures and images whose bytes
	// are not of their declared type.
	CheckContent bool
}

// AppRules are all of the spec's rules.
var AppRules = Rules{PlanSizeLimit: true, RateLimited: true, RejectEmpty: true, CheckNames: true, CheckContent: true}

// DefaultRules applies the spec's rules to the app's buckets: those
// migration 0310 creates, journal-images (images only, by its MIME list)
// and task-attachments, and 0671's note-images (images only).
func DefaultRules() map[string]Rules {
	return map[string]Rules{
		"journal-images":   AppRules,
		"note-images":      AppRules,
		"task-attachments": AppRules,
	}
}
