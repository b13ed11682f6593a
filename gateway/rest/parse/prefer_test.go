package parse

import (
	"net/http"
	"testing"
)

func TestParsePrefer(t *testing.T) {
	la := func(name string) bool { return name == "America/Los_Angeles" || name == "UTC" }
	tests := []struct {
		name   string
		prefer []string
		cfg    Config
		want   Preferences
	}{
		{name: "none", want: Preferences{}},
		{name: "one header, comma-separated", prefer: []string{"resolution=ignore-duplicates, count=exact, timezone=America/Los_Angeles, max-affected=100"},
			cfg:  Config{TxAllowOverride: true, Timezones: la},
			want: Preferences{Resolution: IgnoreDuplicates, Count: CountExact, Timezone: "America/Los_Angeles", MaxAffected: 100, HasMaxAffected: true}},
		{name: "several headers", prefer: []string{"resolution=ignore-duplicates", "count=exact", "missing=null", "handling=lenient", "invalid", "max-affected=5999"},
			want: Preferences{Resolution: IgnoreDuplicates, Count: CountExact, Missing: MissingNull, Handling: HandlingLenient,
				MaxAffected: 5999, HasMaxAffected: true, Invalid: []string{"invalid"}}},
		{name: "supabase-js joins with comma and space", prefer: []string{"resolution=merge-duplicates, count=exact, return=representation"},
			want: Preferences{Resolution: MergeDuplicates, Count: CountExact, Return: ReturnRepresentation}},
		{name: "first value of a kind wins", prefer: []string{"tx=commit, tx=rollback"}, cfg: Config{TxAllowOverride: true},
			want: Preferences{Tx: TxCommit}},
		{name: "first value wins across headers", prefer: []string{"resolution=ignore-duplicates", "resolution=merge-duplicates"},
			want: Preferences{Resolution: IgnoreDuplicates}},
		{name: "arbitrary spacing and unknown tokens", prefer: []string{"count=exact,    tx=commit   ,return=representation , missing=default, handling=strict, anything"},
			cfg:  Config{TxAllowOverride: true},
			want: Preferences{Return: ReturnRepresentation, Count: CountExact, Tx: TxCommit, Missing: MissingDefault, Handling: HandlingStrict, Invalid: []string{"anything"}}},
		{name: "every value", prefer: []string{"return=headers-only, count=planned, missing=default, tx=rollback"}, cfg: Config{TxAllowOverride: true},
			want: Preferences{Return: ReturnHeadersOnly, Count: CountPlanned, Missing: MissingDefault, Tx: TxRollback}},
		{name: "return minimal and count estimated", prefer: []string{"return=minimal,count=estimated"},
			want: Preferences{Return: ReturnMinimal, Count: CountEstimated}},
		{name: "tx is accepted but ignored without override", prefer: []string{"tx=rollback, handling=strict"},
			want: Preferences{Handling: HandlingStrict}},
		{name: "unknown time zone is invalid", prefer: []string{"timezone=Mars/Base"}, cfg: Config{Timezones: la},
			want: Preferences{Invalid: []string{"timezone=Mars/Base"}}},
		{name: "no known time zones", prefer: []string{"timezone=UTC"},
			want: Preferences{Invalid: []string{"timezone=UTC"}}},
		{name: "first time zone decides for all", prefer: []string{"timezone=UTC, timezone=Mars/Base"}, cfg: Config{Timezones: la},
			want: Preferences{Timezone: "UTC"}},
		{name: "unreadable max-affected is dropped but not invalid", prefer: []string{"max-affected=many"},
			want: Preferences{}},
		{name: "negative max-affected", prefer: []string{"max-affected=-1"}, want: Preferences{MaxAffected: -1, HasMaxAffected: true}},
		{name: "max-affected wraps like Int64", prefer: []string{"max-affected=18446744073709551617"}, want: Preferences{MaxAffected: 1, HasMaxAffected: true}},
		{name: "values are case-sensitive", prefer: []string{"Return=Representation"}, want: Preferences{Invalid: []string{"Return=Representation"}}},
		{name: "a trailing comma is an empty invalid preference", prefer: []string{"count=exact,"},
			want: Preferences{Count: CountExact, Invalid: []string{""}}},
		{name: "an empty header adds nothing", prefer: []string{""}, want: Preferences{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tt.prefer {
				h.Add("Prefer", v)
			}
			diff(t, tt.want, ParsePrefer(h, tt.cfg))
		})
	}
}

func TestPreferencesCheck(t *testing.T) {
	tests := []struct {
		name string
		in   Preferences
		want *Error
	}{
		{name: "strict with invalid", in: Preferences{Handling: HandlingStrict, Invalid: []string{"foo=bar", "baz"}},
			want: &Error{Code: "PGRST122", Message: "Invalid preferences given with handling=strict", Details: "Invalid preferences: foo=bar, baz", Status: 400}},
		{name: "lenient with invalid", in: Preferences{Handling: HandlingLenient, Invalid: []string{"foo=bar"}}},
		{name: "default with invalid", in: Preferences{Invalid: []string{"foo=bar"}}},
		{name: "strict without invalid", in: Preferences{Handling: HandlingStrict}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diff(t, tt.want, asError(t, tt.in.Check()))
		})
	}
}

func TestPreferencesApplied(t *testing.T) {
	all := Preferences{
		Resolution: MergeDuplicates, Return: ReturnRepresentation, Count: CountExact, Tx: TxRollback,
		Missing: MissingDefault, Handling: HandlingStrict, Timezone: "UTC", MaxAffected: 5, HasMaxAffected: true,
	}
	lenient := all
	lenient.Handling = HandlingLenient
	tests := []struct {
		name   string
		prefs  Preferences
		action Action
		want   string
	}{
		{name: "read", prefs: all, action: ActionRead, want: "count=exact, tx=rollback, handling=strict, timezone=UTC"},
		{name: "create", prefs: all, action: ActionCreate,
			want: "resolution=merge-duplicates, missing=default, return=representation, count=exact, tx=rollback, handling=strict, timezone=UTC"},
		{name: "update", prefs: all, action: ActionUpdate,
			want: "missing=default, return=representation, count=exact, tx=rollback, handling=strict, timezone=UTC, max-affected=5"},
		{name: "upsert", prefs: all, action: ActionUpsert, want: "return=representation, count=exact, tx=rollback, handling=strict, timezone=UTC"},
		{name: "delete", prefs: all, action: ActionDelete, want: "return=representation, count=exact, tx=rollback, handling=strict, timezone=UTC, max-affected=5"},
		{name: "call", prefs: all, action: ActionCall, want: "count=exact, tx=rollback, handling=strict, timezone=UTC, max-affected=5"},
		{name: "max-affected needs strict", prefs: lenient, action: ActionDelete,
			want: "return=representation, count=exact, tx=rollback, handling=lenient, timezone=UTC"},
		{name: "root", prefs: all, action: ActionSchemaRead, want: ""},
		{name: "options", prefs: all, action: ActionInfo, want: ""},
		{name: "nothing to apply", prefs: Preferences{Return: ReturnMinimal}, action: ActionRead, want: ""},
		{name: "minimal is echoed", prefs: Preferences{Return: ReturnMinimal}, action: ActionCreate, want: "return=minimal"},
		{name: "resolution then return", prefs: Preferences{Resolution: MergeDuplicates, Return: ReturnRepresentation}, action: ActionCreate,
			want: "resolution=merge-duplicates, return=representation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diff(t, tt.want, tt.prefs.Applied(tt.action))
		})
	}
}
