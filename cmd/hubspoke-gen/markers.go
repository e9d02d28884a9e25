package main

import (
	"go/ast"
	"go/token"
	"strings"
)

// The markers the generator reads. Others are copied to the storage twins
// as they are, except those listed in dropFromTwin.
const (
	markerRoot            = "+kubebuilder:object:root=true"
	markerStorageVersion  = "+kubebuilder:storageversion"
	markerUnservedVersion = "+kubebuilder:unservedversion"
	markerSkipVersion     = "+kubebuilder:skipversion"
	markerOptional        = "+optional"
	markerGroupName       = "+groupName="
	markerListMapKey      = "+listMapKey="
	markerRenamedFrom     = "+hubspoke:renamedFrom="
	markerRemoved         = "+hubspoke:removed="
	markerMovedFrom       = "+hubspoke:movedFrom="
	markerNotMoved        = "+hubspoke:removed:notMoved="
	markerSameMeaning     = "+hubspoke:sameMeaning="
)

// dropFromTwin lists the markers (by prefix) that a storage twin does not
// carry: every property of a storage version is optional and has no
// default (defaults would invent values for objects stored before the
// property existed), list-map keys travel in the hubspoke struct tag (a
// CRD requires list-map keys to be required), the generator's own markers
// have done their work, and only the hub is the storage version.
var dropFromTwin = []string{
	"+required", "+optional", "+k8s:required", "+k8s:optional",
	"+kubebuilder:validation:Required", "+kubebuilder:default", "+default",
	"+listType", "+listMapKey", "+hubspoke:", markerStorageVersion,
}

// comments is the documentation of a declaration: prose and markers.
type comments struct {
	doc     []string // prose lines, without "//"
	markers []string // "+name..." lines
	// guards maps the CEL rules (XValidation markers) that a storage twin
	// guards to the markers it writes instead (see guardTwinRules).
	guards map[string]string
}

func (c comments) has(marker string) bool {
	for _, m := range c.markers {
		if m == marker {
			return true
		}
	}
	return false
}

// values returns the values of the markers "+name=value" for prefix
// "+name=".
func (c comments) values(prefix string) []string {
	var out []string
	for _, m := range c.markers {
		if v, ok := strings.CutPrefix(m, prefix); ok {
			out = append(out, strings.TrimSpace(v))
		}
	}
	return out
}

// twinMarkers returns the markers a storage twin copies, its CEL rules
// guarded.
func (c comments) twinMarkers() []string {
	var out []string
next:
	for _, m := range c.markers {
		for _, d := range dropFromTwin {
			if strings.HasPrefix(m, d) {
				continue next
			}
		}
		if g, ok := c.guards[m]; ok {
			m = g
		}
		out = append(out, m)
	}
	return out
}

// add appends the lines of g, sorting markers from prose. Directives
// (//go:generate, //nolint) are left out.
func (c *comments) add(g *ast.CommentGroup) {
	if g == nil {
		return
	}
	for _, cm := range g.List {
		text := cm.Text
		var lines []string
		if rest, ok := strings.CutPrefix(text, "//"); ok {
			if isDirective(rest) {
				continue
			}
			lines = []string{rest}
		} else {
			text = strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
			lines = strings.Split(text, "\n")
		}
		for _, l := range lines {
			l = strings.TrimPrefix(l, " ")
			if t := strings.TrimSpace(l); strings.HasPrefix(t, "+") {
				c.markers = append(c.markers, t)
				continue
			}
			c.doc = append(c.doc, strings.TrimRight(l, " \t"))
		}
	}
	// Leading and trailing blank lines say nothing.
	for len(c.doc) > 0 && c.doc[0] == "" {
		c.doc = c.doc[1:]
	}
	for len(c.doc) > 0 && c.doc[len(c.doc)-1] == "" {
		c.doc = c.doc[:len(c.doc)-1]
	}
}

func isDirective(rest string) bool {
	return strings.HasPrefix(rest, "go:") || strings.HasPrefix(rest, "nolint") || strings.HasPrefix(rest, "line ")
}

// fileComments finds, for a declaration, the comment groups kubebuilder
// reads markers from: the doc comment, and the group just above it that a
// blank line separates from it (where kubebuilder puts
// +kubebuilder:object:root=true).
type fileComments struct {
	fset  *token.FileSet
	byEnd map[int]*ast.CommentGroup // by the line a group ends on
}

func newFileComments(fset *token.FileSet, f *ast.File) *fileComments {
	fc := &fileComments{fset: fset, byEnd: map[int]*ast.CommentGroup{}}
	for _, g := range f.Comments {
		fc.byEnd[fset.Position(g.End()).Line] = g
	}
	return fc
}

func (fc *fileComments) line(p token.Pos) int { return fc.fset.Position(p).Line }

// of returns the comments of a type declaration at pos with doc comment
// doc (nil when it has none), which follows what ends at prev (the
// previous declaration).
func (fc *fileComments) of(pos token.Pos, doc *ast.CommentGroup, prev token.Pos) comments {
	start := fc.line(pos)
	if doc != nil {
		start = fc.line(doc.Pos())
	}
	var c comments
	if above, ok := fc.byEnd[start-2]; ok && above != doc && above.Pos() > prev {
		c.add(above)
	}
	c.add(doc)
	return c
}

// fieldComments returns the comments of a field: its doc comment.
func fieldComments(doc *ast.CommentGroup) comments {
	var c comments
	c.add(doc)
	return c
}

// packageComments returns the comments before the package clause of f:
// its doc comment and any group above it.
func packageComments(f *ast.File) comments {
	var c comments
	for _, g := range f.Comments {
		if g.End() > f.Package {
			break
		}
		c.add(g)
	}
	return c
}
