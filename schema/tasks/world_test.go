package tasks_test

import (
	_ "embed"

	"daybase/schema/internal/rlstest"
)

//go:embed testdata/sharing.sql
var sharingSQL string

// world is testdata/sharing.sql loaded: who is who, and the names its ids
// are reported under.
type world struct {
	owner, admin, member, stranger, invitee actor
}

// labels turns the fixture's ids into names, so results read (and diff)
// as "owner" or "Shared" rather than UUIDs.
var labels = map[string]string{
	"00000000-0000-4000-8000-0000000000a1": "owner",
	"00000000-0000-4000-8000-0000000000a2": "admin",
	"00000000-0000-4000-8000-0000000000a3": "member",
	"00000000-0000-4000-8000-0000000000a4": "stranger",
	"00000000-0000-4000-8000-0000000000a5": "invitee",
	"00000000-0000-4000-8000-0000000000b1": "Shared",
	"00000000-0000-4000-8000-0000000000b2": "Private",
	"00000000-0000-4000-8000-0000000000b3": "Elsewhere",
	"00000000-0000-4000-8000-0000000000c1": "invite:email",
	"00000000-0000-4000-8000-0000000000c2": "invite:link",
	"00000000-0000-4000-8000-0000000000c3": "invite:elsewhere",
	"00000000-0000-4000-8000-0000000000d1": "team",
}

const (
	idOwner        = "00000000-0000-4000-8000-0000000000a1"
	idShared       = "00000000-0000-4000-8000-0000000000b1"
	idPrivate      = "00000000-0000-4000-8000-0000000000b2"
	idElsewhere    = "00000000-0000-4000-8000-0000000000b3"
	idInviteEmail  = "00000000-0000-4000-8000-0000000000c1"
	idInviteLink   = "00000000-0000-4000-8000-0000000000c2"
	tokenEmail     = "token-shared-email"
	tokenLink      = "token-shared-link"
	tokenElsewhere = "token-elsewhere-email"
)

func (b *bundle) loadWorld() world {
	b.T.Helper()
	b.Super(sharingSQL)
	return world{
		owner:    user("00000000-0000-4000-8000-0000000000a1", "owner@example.com"),
		admin:    user("00000000-0000-4000-8000-0000000000a2", "admin@example.com"),
		member:   user("00000000-0000-4000-8000-0000000000a3", "member@example.com"),
		stranger: user("00000000-0000-4000-8000-0000000000a4", "stranger@example.com"),
		invitee:  user("00000000-0000-4000-8000-0000000000a5", "invitee@example.com"),
	}
}

var (
	label  = rlstest.Labeler(labels) // every fixture id in a text replaced by its name
	sorted = rlstest.Sorted
)
