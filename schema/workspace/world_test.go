package workspace_test

import (
	_ "embed"

	"daybase/schema/internal/rlstest"
)

//go:embed testdata/world.sql
var worldSQL string

// world is testdata/world.sql loaded: who is who.
type world struct {
	owner, admin, member, stranger, invitee, former actor
}

// labels turns the fixture's ids into names, so results read (and diff)
// as "owner" or "Team" rather than UUIDs.
var labels = map[string]string{
	"00000000-0000-4000-8000-0000000000a1": "owner",
	"00000000-0000-4000-8000-0000000000a2": "admin",
	"00000000-0000-4000-8000-0000000000a3": "member",
	"00000000-0000-4000-8000-0000000000a4": "stranger",
	"00000000-0000-4000-8000-0000000000a5": "invitee",
	"00000000-0000-4000-8000-0000000000a6": "former",
	"00000000-0000-4000-8000-0000000000b1": "Shared",
	"00000000-0000-4000-8000-0000000000d1": "Team",
	"00000000-0000-4000-8000-0000000000d2": "Other",
	"00000000-0000-4000-8000-0000000000e1": "invite:team",
	"00000000-0000-4000-8000-0000000000e2": "invite:other",
	"00000000-0000-4000-8000-0000000000f1": "task:private",
	"00000000-0000-4000-8000-0000000000f2": "task:team",
	"00000000-0000-4000-8000-0000000000f3": "task:shared",
	"00000000-0000-4000-8000-0000000000f4": "task:alien",
	"00000000-0000-4000-8000-000000000101": "note:owner",
	"00000000-0000-4000-8000-000000000102": "note:secret",
	"00000000-0000-4000-8000-000000000103": "note:stranger",
	"00000000-0000-4000-8000-000000000201": "journal:owner",
	"00000000-0000-4000-8000-000000000202": "journal:stranger",
	"00000000-0000-4000-8000-000000000211": "entry:owner",
	"00000000-0000-4000-8000-000000000212": "entry:stranger",
}

const (
	idOwner        = "00000000-0000-4000-8000-0000000000a1"
	idMember       = "00000000-0000-4000-8000-0000000000a3"
	idStranger     = "00000000-0000-4000-8000-0000000000a4"
	idShared       = "00000000-0000-4000-8000-0000000000b1"
	idTeam         = "00000000-0000-4000-8000-0000000000d1"
	idOther        = "00000000-0000-4000-8000-0000000000d2"
	idInviteTeam   = "00000000-0000-4000-8000-0000000000e1"
	idTaskPrivate  = "00000000-0000-4000-8000-0000000000f1"
	idTaskTeam     = "00000000-0000-4000-8000-0000000000f2"
	idTaskShared   = "00000000-0000-4000-8000-0000000000f3"
	idTaskAlien    = "00000000-0000-4000-8000-0000000000f4"
	idNoteOwner    = "00000000-0000-4000-8000-000000000101"
	idNoteSecret   = "00000000-0000-4000-8000-000000000102"
	idNoteStranger = "00000000-0000-4000-8000-000000000103"
	idJournalOwner = "00000000-0000-4000-8000-000000000201"
	idEntryOwner   = "00000000-0000-4000-8000-000000000211"
	idEntryAlien   = "00000000-0000-4000-8000-000000000212"
	tokenInvitee   = "token-team-invitee"
)

func (b *bundle) loadWorld() world {
	b.T.Helper()
	b.Super(worldSQL)
	return world{
		owner:    user("00000000-0000-4000-8000-0000000000a1", "owner@example.com"),
		admin:    user("00000000-0000-4000-8000-0000000000a2", "admin@example.com"),
		member:   user("00000000-0000-4000-8000-0000000000a3", "member@example.com"),
		stranger: user("00000000-0000-4000-8000-0000000000a4", "stranger@example.com"),
		invitee:  user("00000000-0000-4000-8000-0000000000a5", "invitee@example.com"),
		former:   user("00000000-0000-4000-8000-0000000000a6", "former@example.com"),
	}
}

var (
	label  = rlstest.Labeler(labels) // every fixture id in a text replaced by its name
	sorted = rlstest.Sorted
)
