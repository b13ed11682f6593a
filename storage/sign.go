package storage

import (
	"encoding/base64"
	"encoding/json"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/internal/token"
)

// Signed URLs carry an HS256 token (with the data dir's secret, so a
// rotation of the access-token signing keys never voids them) shaped like
// the hosted API's:
// {"url":"{bucket}/{name}","scope":"download"|"upload","iat","exp"}, and
// for uploads {"owner","upsert"}. The token is bound to its path and scope;
// it carries no role, so the gateway would only ever see it as anon.
const (
	scopeDownload = "download"
	scopeUpload   = "upload"
)

// maxSignedTTL bounds expiresIn (ten years, far past any sensible use).
const maxSignedTTL = 10 * 365 * 24 * time.Hour

func (s *Server) signToken(url, scope string, ttl time.Duration, extra map[string]any) (string, error) {
	now := s.cfg.Now()
	claims := token.Claims{"iat": now.Unix(), "exp": now.Add(ttl).Unix()}
	for k, v := range extra {
		claims[k] = v
	}
	// Set last so nothing in extra can change what the token grants.
	claims["url"], claims["scope"] = url, scope
	return s.signer.SignSecret(claims)
}

// verifyToken checks a signed URL's token against the path it was used on.
func (s *Server) verifyToken(raw, url, scope string) (token.Claims, error) {
	if raw == "" {
		return nil, errInvalidRequest("Missing Required Parameter token")
	}
	claims, err := s.signer.Verify(raw)
	if err != nil {
		if exp, ok := unverifiedExp(raw); ok && time.Unix(exp, 0).Before(s.cfg.Now()) {
			return nil, errExpiredToken()
		}
		return nil, errInvalidSignature("", err)
	}
	if got, _ := claims["scope"].(string); got != scope {
		return nil, errInvalidSignature("Token is not scoped for "+scope, nil)
	}
	if got, _ := claims["url"].(string); got != url {
		return nil, errInvalidSignature("", nil)
	}
	return claims, nil
}

// unverifiedExp reads exp from a token whose signature failed, only to
// choose between "expired" and "invalid signature" in the answer.
func unverifiedExp(raw string) (int64, bool) {
	parts := strings.Split(raw, ".")
	if len(parts) != 3 {
		return 0, false
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return 0, false
	}
	var c struct {
		Exp float64 `json:"exp"`
	}
	if json.Unmarshal(b, &c) != nil || c.Exp == 0 {
		return 0, false
	}
	return int64(c.Exp), true
}

// expiresIn reads a positive number of seconds.
func expiresIn(v *float64) (time.Duration, error) {
	if v == nil || math.IsNaN(*v) || *v < 1 || *v > maxSignedTTL.Seconds() {
		return 0, errInvalidRequest("expiresIn must be a number of seconds from 1 to %d", int64(maxSignedTTL.Seconds()))
	}
	return time.Duration(*v) * time.Second, nil
}

// createSignedURL is createSignedUrl(): POST /object/sign/{bucket}/{path}
// {"expiresIn":60, "transform"?:{...}}. The caller must be able to see the
// object. With transformations the URL is a render URL
// (/render/image/sign/...) whose token carries them.
func (s *Server) createSignedURL(w http.ResponseWriter, r *http.Request) error {
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	var body struct {
		ExpiresIn *float64                   `json:"expiresIn"`
		Transform map[string]json.RawMessage `json:"transform"`
	}
	if err := readJSON(w, r, &body); err != nil {
		return err
	}
	ttl, err := expiresIn(body.ExpiresIn)
	if err != nil {
		return err
	}
	opts, err := signTransform(body.Transform)
	if err != nil {
		return err
	}
	bucketID, name := r.PathValue("bucket"), r.PathValue("path")
	if err := checkObjectName(name); err != nil {
		return err
	}
	if _, err := s.findObject(r.Context(), c, bucketID, name); err != nil {
		return err
	}
	url := bucketID + "/" + name
	route, extra := "/object/sign/", map[string]any(nil)
	if !opts.IsZero() {
		route, extra = "/render/image/sign/", map[string]any{transformationsClaim: opts.String()}
	}
	tok, err := s.signToken(url, scopeDownload, ttl, extra)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"signedURL": route + url + "?token=" + tok})
}

// signedURLResult is one entry of createSignedUrls()'s answer.
type signedURLResult struct {
	Error     *string `json:"error"`
	Path      string  `json:"path"`
	SignedURL *string `json:"signedURL"`
}

// createSignedURLs is createSignedUrls(): POST /object/sign/{bucket}
// {"expiresIn":60,"paths":[...]}; a path the caller cannot see gets an
// error entry instead of a URL.
func (s *Server) createSignedURLs(w http.ResponseWriter, r *http.Request) error {
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	var body struct {
		ExpiresIn *float64 `json:"expiresIn"`
		Paths     []string `json:"paths"`
	}
	if err := readJSON(w, r, &body); err != nil {
		return err
	}
	ttl, err := expiresIn(body.ExpiresIn)
	if err != nil {
		return err
	}
	if len(body.Paths) == 0 || len(body.Paths) > 1000 {
		return errInvalidRequest("paths must list 1 to 1000 object names")
	}
	for _, p := range body.Paths {
		if err := checkObjectName(p); err != nil {
			return err
		}
	}
	bucketID := r.PathValue("bucket")
	visible := map[string]bool{}
	err = s.asCaller(r.Context(), c, func(tx pgx.Tx) error {
		rows, _ := tx.Query(r.Context(), stmt.ObjectsVisible, bucketID, body.Paths)
		var name string
		_, err := pgx.ForEachRow(rows, []any{&name}, func() error { visible[name] = true; return nil })
		return err
	})
	if err != nil {
		return err
	}
	out := make([]signedURLResult, len(body.Paths))
	for i, p := range body.Paths {
		out[i].Path = p
		if !visible[p] {
			msg := "Either the object does not exist or you do not have access to it"
			out[i].Error = &msg
			continue
		}
		url := bucketID + "/" + p
		tok, err := s.signToken(url, scopeDownload, ttl, nil)
		if err != nil {
			return err
		}
		su := "/object/sign/" + url + "?token=" + tok
		out[i].SignedURL = &su
	}
	return writeJSON(w, http.StatusOK, out)
}

// getSigned serves a signed URL: GET /object/sign/{bucket}/{path}?token=.
// The token is the only credential; no apikey is needed.
func (s *Server) getSigned(w http.ResponseWriter, r *http.Request) error {
	if s.toFilesHost(w, r) {
		return nil
	}
	bucketID, name := r.PathValue("bucket"), r.PathValue("path")
	if err := checkObjectName(name); err != nil {
		return err
	}
	if _, err := s.verifyToken(r.URL.Query().Get("token"), bucketID+"/"+name, scopeDownload); err != nil {
		return err
	}
	o, err := s.findObjectAsServer(r.Context(), bucketID, name)
	if err != nil {
		return err
	}
	return s.serveObject(w, r, o)
}

// createSignedUploadURL is createSignedUploadUrl(): POST
// /object/upload/sign/{bucket}/{path} (x-upsert: true to allow replacing).
// The caller's INSERT policy is checked now, as on the hosted API; the
// upload itself then needs only the token.
func (s *Server) createSignedUploadURL(w http.ResponseWriter, r *http.Request) error {
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	bucketID, name := r.PathValue("bucket"), r.PathValue("path")
	if err := checkObjectName(name); err != nil {
		return err
	}
	if _, err := s.lookupBucket(r.Context(), bucketID); err != nil {
		return err
	}
	req := uploadRequest{bucketID: bucketID, name: name, upsert: r.Header.Get("x-upsert") == "true", caller: c}
	if err := s.probe(r.Context(), c, func(tx pgx.Tx) error {
		_, _, err := s.writeObject(r.Context(), tx, req, objectMeta{HTTPStatusCode: 200}, nil, newUUID(), true)
		return err
	}); err != nil {
		return err
	}
	url := bucketID + "/" + name
	tok, err := s.signToken(url, scopeUpload, s.cfg.SignedUploadTTL, map[string]any{"owner": c.sub, "upsert": req.upsert})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"url": "/object/upload/sign/" + url + "?token=" + tok, "token": tok})
}

// uploadSigned is uploadToSignedUrl(): PUT /object/upload/sign/{bucket}/{path}?token=.
// It runs as service_role on behalf of the token's owner, who pays the
// rate limits and whose plan sets the size limit.
func (s *Server) uploadSigned(w http.ResponseWriter, r *http.Request) error {
	bucketID, name := r.PathValue("bucket"), r.PathValue("path")
	if err := checkObjectName(name); err != nil {
		return err
	}
	claims, err := s.verifyToken(r.URL.Query().Get("token"), bucketID+"/"+name, scopeUpload)
	if err != nil {
		return err
	}
	owner, _ := claims["owner"].(string)
	upsert, _ := claims["upsert"].(bool)
	c, err := serviceCaller(r, owner)
	if err != nil {
		return err
	}
	if _, err := s.upload(w, r, uploadRequest{bucketID: bucketID, name: name, upsert: upsert, caller: c}); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"Key": bucketID + "/" + name})
}
