// Package storage is daybase's /storage/v1: the hosted storage API that
// storage-js (supabase-js 2.x) speaks — buckets, objects, listing (list
// and the cursor-paged listV2), move and copy, signed download and upload
// URLs, public URLs, and image transformations (/render/image, rendered by
// storage/transform) — over
// PostgreSQL metadata (schema storage, migrations 03xx) and a byte store
// behind the small [Backend] interface: storage/disk (default) or
// storage/s3.
//
// # Authorisation
//
// Every object operation runs its statement on storage.objects in a
// transaction as the caller's PostgreSQL role, with the JWT claims in
// request.jwt.claims, so the table's row-level security policies decide
// exactly as on the hosted backend. An upload checks its INSERT (or
// upsert) in a transaction that is rolled back before any byte is read,
// streams the bytes to a fresh key, and then writes the row for good; if
// the database refuses at that point the new bytes are deleted.
//
// # The app's rules
//
// In the app's buckets (journal-images, note-images, task-attachments; see
// [DefaultRules]) uploads, copies and moves are also checked against the
// file rules of spec 002 §5 (package storage/validate) and the per-user
// rate limits ([Limits]).
//
// # Serving files
//
// A declared type is parsed strictly and stored normalised; only images
// (not SVG), PDF, plain text, audio and video are served for display, all
// else as an attachment with a sandboxing CSP; encoded uploads are
// refused (mediatype.go). With [Config.FilesURL] public and signed
// downloads move to another origin, which serves nothing else. Uploads
// may take as long as their bytes keep coming ([Config.UploadIdleTimeout]).
//
// # Errors
//
// Errors are rendered as the hosted API renders them — HTTP 400 with the
// real status as a string in the body — see [Error].
//
//	srv, err := storage.New(storage.Config{Backend: store, Admin: admin, API: api, Signer: signer, Log: log})
//	gateway.Service{Prefix: "/storage/v1", Handler: srv, APIKey: gateway.APIKeyOptional, UnlimitedIn: true}
package storage
