// Package excerpt shortens text taken from an object, such as the path of
// a bag, for an error message: a client may write paths of hundreds of
// kilobytes, and an error should name what was wrong, not repeat it all.
package excerpt

import "strconv"

// Max is how many bytes of a text Of keeps.
const Max = 200

// Of returns text, or its first Max bytes followed by "…" and its length
// when it is longer.
func Of(text string) string {
	if len(text) <= Max {
		return text
	}
	return text[:Max] + "…(" + strconv.Itoa(len(text)) + " bytes)"
}
