// Package web embeds the built React app (web/dist/app, written by
// `npm run build` in this directory) so the binary serves it.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// App returns the built app's files, rooted at dist/app. It is empty when
// the app was not built before the binary.
func App() fs.FS {
	sub, err := fs.Sub(dist, "dist/app")
	if err != nil {
		panic(err) // fs.Sub only fails on an invalid path literal
	}
	return sub
}
