package main

import (
	"slices"
	"strings"
	"testing"
)

func TestRestConfig(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

	s, err := restConfig(env(nil))
	if err != nil || !slices.Equal(s.Schemas, []string{"public"}) || s.MaxRows != 1000 || s.TxAllowOverride || s.PlanEnabled {
		t.Fatalf("defaults: %+v %v", s, err)
	}
	s, err = restConfig(env(map[string]string{
		"DAYBASE_REST_SCHEMAS": "public, personal", "DAYBASE_REST_MAX_ROWS": "50", "DAYBASE_REST_TX_ALLOW_OVERRIDE": "true",
		"DAYBASE_REST_PLAN_ENABLED": "true",
	}))
	if err != nil || !slices.Equal(s.Schemas, []string{"public", "personal"}) || s.MaxRows != 50 || !s.TxAllowOverride || !s.PlanEnabled {
		t.Fatalf("set: %+v %v", s, err)
	}
	for k, v := range map[string]string{
		"DAYBASE_REST_SCHEMAS":           "public,bad name",
		"DAYBASE_REST_MAX_ROWS":          "0",
		"DAYBASE_REST_TX_ALLOW_OVERRIDE": "maybe",
		"DAYBASE_REST_PLAN_ENABLED":      "yes please",
	} {
		if _, err := restConfig(env(map[string]string{k: v})); err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s=%q: err = %v", k, v, err)
		}
	}
}
