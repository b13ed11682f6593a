package schemacache

import (
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"daybase/internal/editdist"
)

// fuzzySet finds the entries closest to a misspelt name, for the "Perhaps
// you meant ..." hints of PGRST200, PGRST202 and PGRST205. It scores like
// the Haskell fuzzyset package PostgREST uses (defaults: gram sizes 3 then
// 2, Levenshtein rescoring): the cosine similarity of character n-gram
// counts picks up to 50 candidates, which are then ranked by normalized
// Levenshtein similarity. An exact, case-insensitive match scores 1.
type fuzzySet struct {
	exact   map[string]string // lower-cased entry -> entry as added
	entries []fuzzyEntry
}

type fuzzyEntry struct {
	key        string            // lower-cased
	original   string            // as added
	grams      [2]map[string]int // gram counts for sizes 2 and 3
	magnitudes [2]float64
}

type fuzzyMatch struct {
	score float64
	value string
}

func newFuzzySet(values []string) *fuzzySet {
	s := &fuzzySet{exact: map[string]string{}}
	for _, v := range values {
		key := strings.ToLower(v)
		if _, ok := s.exact[key]; ok {
			continue
		}
		s.exact[key] = v
		e := fuzzyEntry{key: key, original: v}
		for i, size := range []int{2, 3} {
			e.grams[i] = gramCounts(key, size)
			e.magnitudes[i] = magnitude(e.grams[i])
		}
		s.entries = append(s.entries, e)
	}
	return s
}

// find returns the entries scoring at least minScore, best first.
func (s *fuzzySet) find(query string, minScore float64) []fuzzyMatch {
	key := strings.ToLower(query)
	if v, ok := s.exact[key]; ok {
		return []fuzzyMatch{{1, v}}
	}
	for _, size := range []int{3, 2} {
		if m := s.matches(key, size, minScore); len(m) > 0 {
			return m
		}
	}
	return nil
}

// closest returns the best entry scoring at least minScore, or "".
func (s *fuzzySet) closest(query string, minScore float64) string {
	if m := s.find(query, minScore); len(m) > 0 {
		return m[0].value
	}
	return ""
}

func (s *fuzzySet) matches(key string, size int, minScore float64) []fuzzyMatch {
	gi := size - 2
	q := gramCounts(key, size)
	qmag := magnitude(q)
	type cand struct {
		score float64
		entry *fuzzyEntry
	}
	var cands []cand
	for i := range s.entries {
		e := &s.entries[i]
		dot := 0
		for g, n := range q {
			dot += n * e.grams[gi][g]
		}
		if dot == 0 {
			continue
		}
		cands = append(cands, cand{float64(dot) / (qmag * e.magnitudes[gi]), e})
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	if len(cands) > 50 {
		cands = cands[:50]
	}
	for i := range cands {
		cands[i].score = levenshteinSimilarity(key, cands[i].entry.key)
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	var out []fuzzyMatch
	for _, c := range cands {
		if c.score >= minScore {
			out = append(out, fuzzyMatch{c.score, c.entry.original})
		}
	}
	return out
}

// gramCounts counts the n-grams of s, lower-cased, stripped of everything
// but letters, digits, spaces and commas, and enclosed in hyphens.
func gramCounts(s string, n int) map[string]int {
	norm := []rune{'-'}
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsSpace(r) || r == ',' {
			norm = append(norm, r)
		}
	}
	norm = append(norm, '-')
	counts := map[string]int{}
	for i := 0; i+n <= len(norm); i++ {
		counts[string(norm[i:i+n])]++
	}
	return counts
}

func magnitude(counts map[string]int) float64 {
	sum := 0
	for _, n := range counts {
		sum += n * n
	}
	return math.Sqrt(float64(sum))
}

// levenshteinSimilarity is (max(len) - distance) / max(len), 1 for two
// empty strings (computed in that order to round like text-metrics).
func levenshteinSimilarity(a, b string) float64 {
	longest := max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	if longest == 0 {
		return 1
	}
	return float64(longest-editdist.Distance(a, b)) / float64(longest)
}
