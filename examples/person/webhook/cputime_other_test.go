//go:build !unix

package webhook_test

import "time"

var started = time.Now()

// cpuTime falls back on wall time where the CPU time is not at hand.
func cpuTime() time.Duration { return time.Since(started) }
