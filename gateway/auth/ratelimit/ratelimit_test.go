package ratelimit

import (
	"fmt"
	"testing"
	"time"
)

func TestBucket(t *testing.T) {
	l := New(Rate{Burst: 3, Per: 3 * time.Minute})
	t0 := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for i := range 3 {
		if _, ok := l.Take("k", t0); !ok {
			t.Fatalf("take %d refused", i)
		}
	}
	if wait, ok := l.Take("k", t0); ok || wait != time.Minute {
		t.Fatalf("4th take: ok=%v wait=%v, want a refusal for a minute", ok, wait)
	}
	if _, ok := l.Take("other", t0); !ok {
		t.Fatal("keys share a bucket")
	}
	if _, ok := l.Take("k", t0.Add(59*time.Second)); ok {
		t.Fatal("refilled too early")
	}
	if _, ok := l.Take("k", t0.Add(61*time.Second)); !ok {
		t.Fatal("not refilled after a minute")
	}
	l.Reset()
	if _, ok := l.Take("k", t0.Add(61*time.Second)); !ok {
		t.Fatal("Reset kept an empty bucket")
	}
}

func TestCheckNeverSpends(t *testing.T) {
	l := New(Rate{Burst: 1, Per: time.Minute})
	t0 := time.Now()
	for range 5 {
		if _, ok := l.Check("k", t0); !ok {
			t.Fatal("check spent a token")
		}
	}
}

func TestZeroRateIsOff(t *testing.T) {
	for _, r := range []Rate{{}, {Burst: 5}, {Per: time.Minute}} {
		l := New(r)
		for range 100 {
			if _, ok := l.Take("k", time.Now()); !ok {
				t.Fatalf("%+v limits", r)
			}
		}
	}
}

// TestSweepKeepsTheMapSmall: past sweepSize keys, full buckets are dropped
// and a dropped key starts full again, so nothing changes for its owner.
func TestSweepKeepsTheMapSmall(t *testing.T) {
	l := New(Rate{Burst: 2, Per: time.Second})
	t0 := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for i := range sweepSize + 10 {
		l.Take(fmt.Sprint(i), t0)
	}
	l.Take("late", t0.Add(2*time.Minute))
	if n := len(l.buckets); n > 2 {
		t.Fatalf("%d buckets after the sweep, want the new one only", n)
	}
}
