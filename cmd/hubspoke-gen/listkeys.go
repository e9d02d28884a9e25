package main

import (
	"fmt"
	"slices"
	"strings"
)

// keysAddedWarnings warns of a keyed list (+listType=map) whose newer
// version declares a list-map key that the older version's elements lack
// among their keys: two elements that differ only in that key (DRA's
// ResourceClaim status.devices keyed by driver, device and pool, and by
// shareID too in a version that adds it) are distinct in the newer version
// and share their keys in the older one. A client of the older version
// then sees duplicates, the hidden values of those elements are stashed
// under one path, and an update through that version, even one that
// changes nothing, leaves none of them their hidden values (the added key
// itself among them): duplicates at the newer version too, which the
// admission webhook refuses (the API server itself checks no list of an
// update whose old object, at the version of the request, broke its
// keys). Nothing marks it acknowledged: declaring the key in the older
// version too (optional there) is the way out.
func (c *chain) keysAddedWarnings() []string {
	var warnings []string
	for _, v := range c.versions {
		s := c.storage[v]
		if s == nil {
			continue
		}
		older, newer := s.host, s.other
		hostOlder := older.order.Compare(newer.order) < 0
		if !hostOlder {
			older, newer = newer, older
		}
		paths := typePaths(s, nil)
		for _, p := range s.pairs {
			newerTyp := p.otherName
			if !hostOlder {
				newerTyp = p.name
			}
			for _, pr := range p.props {
				of, nf := pr.host, pr.other
				if !hostOlder {
					of, nf = nf, of
				}
				if of == nil || nf == nil || len(of.listMapKeys) == 0 || len(nf.listMapKeys) == 0 {
					continue
				}
				var added []string
				for _, k := range nf.listMapKeys {
					if !slices.Contains(of.listMapKeys, k) {
						added = append(added, k)
					}
				}
				if len(added) == 0 {
					continue
				}
				warnings = append(warnings, fmt.Sprintf("%s %s.%s: keyed by %s, but %s keys %s by %s: elements that differ only in %s are distinct in %s and "+
					"share their keys in %s, whose clients see duplicates; their values %s cannot show are kept under one path, so an update "+
					"through %s, even one that changes nothing, takes from them those values (%s among them) and makes them duplicates in %s too, "+
					"which hubspoke's admission webhook refuses (the API server, which takes an update whose old object broke its list's keys, does not); "+
					"declare %s in %s too, optional, with +listMapKey",
					newer.name, newerTyp, nf.name, strings.Join(nf.listMapKeys, ", "), older.name, joinPath(paths[p.name], of.jsonName),
					strings.Join(of.listMapKeys, ", "), strings.Join(added, ", "), newer.name, older.name, older.name, older.name,
					strings.Join(added, ", "), newer.name, strings.Join(added, ", "), older.name))
			}
		}
	}
	return warnings
}
