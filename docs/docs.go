// Package docs holds the French guide for the organisers and volunteers
// (guide.md and its screenshots under guide/), embedded so that the server
// serves it at /guide with no file at hand.
package docs

import "embed"

// Guide holds guide.md and the pictures it shows, under guide/.
//
//go:embed guide.md guide
var Guide embed.FS
