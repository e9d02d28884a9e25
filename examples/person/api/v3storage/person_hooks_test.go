package v3storage

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/examples/person/api/v4storage"
)

// TestParseDate checks parseDate against time.Parse on every day of a few
// years (leap and not), on near misses, and on random text.
func TestParseDate(t *testing.T) {
	reference := func(text string) (int, int, int, bool) {
		d, err := time.Parse(time.DateOnly, text)
		if err != nil || d.Format(time.DateOnly) != text {
			return 0, 0, 0, false
		}
		return d.Year(), int(d.Month()), d.Day(), true
	}
	var texts []string
	for _, year := range []int{0, 1, 1900, 1928, 2000, 2023, 2024, 9999} {
		for month := 0; month <= 13; month++ {
			for day := 0; day <= 32; day++ {
				texts = append(texts, fmt.Sprintf("%04d-%02d-%02d", year, month, day))
			}
		}
	}
	texts = append(texts, "", "1928-11-1", "1928-11-180", "1928/11/18", "+928-11-18", "1928-1a-18", "1928-11-18 ", "18 November 1928", "١٩٢٨-١١-١٨")
	// A sign, a space or another character in each place of a real day.
	for i := range len("1928-11-18") {
		for _, c := range []byte("+- /:a09") {
			b := []byte("1928-11-18")
			b[i] = c
			texts = append(texts, string(b))
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "0123456789-+ a"
	for range 20000 {
		b := make([]byte, 10)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	for _, text := range texts {
		y, m, d, ok := parseDate(text)
		wy, wm, wd, wok := reference(text)
		if ok != wok || y != wy || m != wm || d != wd {
			t.Errorf("parseDate(%q) = %d, %d, %d, %v; time.Parse gives %d, %d, %d, %v", text, y, m, d, ok, wy, wm, wd, wok)
		}
	}
}

// TestDateToBirthDate checks the text of a complete date against fmt's
// %04d-%02d-%02d, including values out of the usual ranges.
func TestDateToBirthDate(t *testing.T) {
	for _, year := range []int{math.MinInt, -12345, -5, 0, 7, 1928, 9999, 10000, math.MaxInt} {
		for _, month := range []int{math.MinInt, -10, -1, 0, 1, 11, 99, 100} {
			for _, day := range []int{-3, 0, 5, 18, 99, 123, math.MaxInt} {
				got, err := dateToBirthDate(v4storage.Date{Year: &year, Month: &month, Day: &day})
				if want := fmt.Sprintf("%04d-%02d-%02d", year, month, day); err != nil || got != want {
					t.Errorf("dateToBirthDate(%d, %d, %d) = %q, %v; want %q", year, month, day, got, err, want)
				}
			}
		}
	}
}

// realDay holds exactly when the text dateToBirthDate writes for the numbers
// reads back as them through parseDate, as AssignPropertiesFrom relies on.
func TestRealDay(t *testing.T) {
	for _, year := range []int{-10000, -1, 0, 1, 999, 1000, 1900, 1928, 2000, 2023, 2024, 9999, 10000, 12345} {
		for month := -1; month <= 14; month++ {
			for _, day := range []int{-1, 0, 1, 2, 15, 28, 29, 30, 31, 32, 99, 100} {
				y, m, d := year, month, day
				text, err := dateToBirthDate(v4storage.Date{Year: &y, Month: &m, Day: &d})
				if err != nil {
					t.Fatal(err)
				}
				py, pm, pd, ok := parseDate(text)
				want := ok && py == year && pm == month && pd == day
				if got := realDay(year, month, day); got != want {
					t.Errorf("realDay(%d, %d, %d) = %v; %q reads back as the date: %v", year, month, day, got, text, want)
				}
			}
		}
	}
}
