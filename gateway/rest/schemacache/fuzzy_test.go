package schemacache

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFuzzyFind(t *testing.T) {
	states := newFuzzySet([]string{
		"Alabama", "Alaska", "Arizona", "Arkansas", "California", "Kansas", "Nebraska",
		"Pennsylvania", "Rhode Island", "Virgin Islands", "Maryland", "Northern Marianas Islands",
	})
	tests := []struct {
		query string
		want  []fuzzyMatch
	}{
		// The fuzzyset package's documented results.
		{"Burger Islands", []fuzzyMatch{
			{0.7142857142857143, "Virgin Islands"}, {0.5714285714285714, "Rhode Island"},
			{0.44, "Northern Marianas Islands"}, {0.35714285714285715, "Maryland"},
		}},
		{"Alaska", []fuzzyMatch{{1, "Alaska"}}},
		{"ALASKA", []fuzzyMatch{{1, "Alaska"}}},
		{"CanOfSauce", []fuzzyMatch{{0.4, "Kansas"}}},
		{"zzzzz", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, states.find(tt.query, 0.33), cmp.AllowUnexported(fuzzyMatch{})); diff != "" {
			t.Errorf("find(%q) mismatch (-want +got):\n%s", tt.query, diff)
		}
	}
	if got := states.closest("Transylvania", 0.75); got != "Pennsylvania" {
		t.Errorf("closest(Transylvania) = %q", got)
	}
	if got := states.closest("Transylvania", 0.8); got != "" {
		t.Errorf("closest(Transylvania, 0.8) = %q, want none", got)
	}
}

func TestLevenshteinSimilarity(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"", "", 1},
		{"abc", "abc", 1},
		{"abc", "", 0},
		{"kitten", "sitting", 4.0 / 7},
		{"héllo", "hello", 0.8},
	}
	for _, tt := range tests {
		if got := levenshteinSimilarity(tt.a, tt.b); got != tt.want {
			t.Errorf("levenshteinSimilarity(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
