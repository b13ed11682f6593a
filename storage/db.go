package storage

import (
	"embed"
	"encoding/json"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field TableOid is sql/table_oid.sql.
type statements struct {
	BucketGet, BucketList, BucketInsert, BucketUpdate              string
	BucketDelete, BucketHasObjects, ObjectsDeleteBatch, ObjectGet  string
	ObjectVersion, ObjectInsert, ObjectUpsert, ObjectRename        string
	ObjectsDelete, ObjectsVisible, ObjectsList, ObjectsListV2      string
	UploadLock, UploadReserve, UploadRecord, UploadBytes, UserPlan string
}

var stmt = sqlfile.Load[statements](sqlFiles)

// jsTime renders like JavaScript's Date.toISOString(), as the hosted API's
// JSON does: 2024-05-22T23:06:05.580Z.
type jsTime time.Time

const jsLayout = "2006-01-02T15:04:05.000Z"

func (t jsTime) MarshalJSON() ([]byte, error) {
	return []byte(`"` + time.Time(t).UTC().Format(jsLayout) + `"`), nil
}

// bucket is a storage.buckets row; its JSON is the hosted API's Bucket.
type bucket struct {
	ID               string   `json:"id"`
	Name             string   `json:"name"`
	Owner            *string  `json:"owner"`
	Public           bool     `json:"public"`
	FileSizeLimit    *int64   `json:"file_size_limit"`
	AllowedMimeTypes []string `json:"allowed_mime_types"`
	Type             string   `json:"type,omitempty"`
	CreatedAt        jsTime   `json:"created_at"`
	UpdatedAt        jsTime   `json:"updated_at"`
}

func scanBucket(row pgx.Row) (bucket, error) {
	var b bucket
	var created, updated time.Time
	err := row.Scan(&b.ID, &b.Name, &b.Owner, &b.Public, &b.FileSizeLimit, &b.AllowedMimeTypes, &b.Type, &created, &updated)
	b.CreatedAt, b.UpdatedAt = jsTime(created), jsTime(updated)
	return b, err
}

// objectMeta is the server-written metadata column. The JSON names are the
// hosted API's (clients read them from list and info).
type objectMeta struct {
	ETag            string `json:"eTag"`
	Size            int64  `json:"size"`
	Mimetype        string `json:"mimetype"`
	CacheControl    string `json:"cacheControl"`
	LastModified    string `json:"lastModified"`
	ContentLength   int64  `json:"contentLength"`
	HTTPStatusCode  int    `json:"httpStatusCode"`
	ContentEncoding string `json:"contentEncoding,omitempty"`
}

func (m objectMeta) lastModified() time.Time {
	t, _ := time.Parse(time.RFC3339Nano, m.LastModified)
	return t
}

// object is a storage.objects row as remove() returns it.
type object struct {
	ID             string          `json:"id"`
	BucketID       string          `json:"bucket_id"`
	Name           string          `json:"name"`
	Owner          *string         `json:"owner"`
	OwnerID        *string         `json:"owner_id"`
	Metadata       json.RawMessage `json:"metadata"`
	UserMetadata   json.RawMessage `json:"user_metadata"`
	Version        *string         `json:"version"`
	CreatedAt      jsTime          `json:"created_at"`
	UpdatedAt      jsTime          `json:"updated_at"`
	LastAccessedAt jsTime          `json:"last_accessed_at"`
}

func scanObject(row pgx.Row) (object, error) {
	var o object
	var meta, umeta []byte
	var created, updated, accessed time.Time
	err := row.Scan(&o.ID, &o.BucketID, &o.Name, &o.Owner, &o.OwnerID, &meta, &umeta, &o.Version, &created, &updated, &accessed)
	o.Metadata, o.UserMetadata = rawOrNull(meta), rawOrNull(umeta)
	o.CreatedAt, o.UpdatedAt, o.LastAccessedAt = jsTime(created), jsTime(updated), jsTime(accessed)
	return o, err
}

func rawOrNull(b []byte) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("null")
	}
	return b
}

func (o object) meta() objectMeta {
	var m objectMeta
	json.Unmarshal(o.Metadata, &m)
	return m
}

func (o object) version() string {
	if o.Version == nil {
		return ""
	}
	return *o.Version
}

// likePrefix escapes s for LIKE and appends the wildcard.
func likePrefix(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s) + "%"
}
