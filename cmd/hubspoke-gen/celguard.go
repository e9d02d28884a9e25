package main

import (
	"fmt"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"text/scanner"

	"github.com/google/cel-go/common"
	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/parser"
)

// CEL rules (+kubebuilder:validation:XValidation) in the storage twins.
//
// A twin copies the rules of its API version, but makes every property
// optional. A rule written where a property is required (or defaulted)
// reads it without has(): `self.minReplicas <= self.maxReplicas`. At the
// twin an object may lack the property (one stored through an older
// version that has no such property), and the API server refuses it: the
// rule fails with "no such key", on every write that changes the struct
// (every write, before Kubernetes 1.30 ratchets unchanged values). So the
// twin guards such a rule: it holds when a property it reads, which the
// API version requires and the twin makes optional, is absent, and is the
// API version's rule otherwise:
//
//	(has(self.minReplicas) && has(self.maxReplicas)) ? (self.minReplicas <= self.maxReplicas) : true
//
// The properties a rule reads are found in its syntax tree (cel-go's
// parser, the API server's): chains of field selections from self or
// oldSelf, through the version's own structs. A rule that reads such a
// property another way (through a list's element in a macro, an index, a
// value whose type the generator does not follow) is copied as it is,
// with a warning naming it: write it with has() in the API version.

const markerXValidation = "+kubebuilder:validation:XValidation:"

// guardTwinRules sets the guarded form of the CEL rules the storage twins
// of c copy (comments.guards), and returns warnings for the rules it
// cannot guard.
func guardTwinRules(c *chain) []string {
	var warnings []string
	for _, v := range c.versions {
		for _, name := range v.types {
			if o, ok := v.objects[name]; ok {
				t := v.twins[name]
				where := fmt.Sprintf("%s %s", v.name, name)
				t.guards, warnings = guardRules(v, o.comments, &typeRef{kind: refObject, name: name}, where, warnings)
				for _, tf := range t.fields {
					f := o.field(tf.name)
					if f == nil || f.ref == nil {
						continue
					}
					tf.guards, warnings = guardRules(v, f.comments, f.ref, where+"."+f.name, warnings)
				}
				continue
			}
			if col, ok := v.collections[name]; ok {
				col.guards, warnings = guardRules(v, col.comments, col.ref, fmt.Sprintf("%s %s", v.name, name), warnings)
			}
		}
	}
	return warnings
}

// guardRules returns the guarded forms of the XValidation markers of cm,
// rules about a value of type self of version v, by marker.
func guardRules(v *version, cm comments, self *typeRef, where string, warnings []string) (map[string]string, []string) {
	var guards map[string]string
	for _, m := range cm.markers {
		args, ok := strings.CutPrefix(m, markerXValidation)
		if !ok {
			continue
		}
		guarded, warning := guardRule(v, self, args)
		if warning != "" {
			warnings = append(warnings, fmt.Sprintf("%s: %s: %s", where, m, warning))
		}
		if guarded != args {
			if guards == nil {
				guards = map[string]string{}
			}
			guards[m] = markerXValidation + guarded
		}
	}
	return guards, warnings
}

// guardRule returns the arguments of an XValidation marker (rule="...",
// message="...") with the rule guarded, the others as they are, or args
// and a warning when the rule cannot be guarded.
func guardRule(v *version, self *typeRef, args string) (string, string) {
	ma, err := parseMarkerArgs(args)
	if err != nil {
		return args, fmt.Sprintf("the generator cannot read the marker (%v), so the storage twin copies it as it is", err)
	}
	rule, ok := ma.get("rule")
	if !ok {
		return args, ""
	}
	optionalOldSelf := false
	if o, ok := ma.get("optionalOldSelf"); ok {
		optionalOldSelf, _ = strconv.ParseBool(o.value)
	}
	an := &ruleAnalysis{v: v}
	if err := an.analyse(rule.value, self, optionalOldSelf); err != nil {
		return args, fmt.Sprintf("the rule does not parse (%v), so the storage twin copies it as it is", err)
	}
	if len(an.blocked) > 0 {
		return args, fmt.Sprintf("the rule reads %s, which the API version requires and its storage twin makes optional, where the generator cannot guard it; "+
			"the twin copies the rule as it is, and refuses an object stored without the value (\"no such key\"): write the rule with has() in the API version",
			strings.Join(an.blocked, ", "))
	}
	if len(an.guards) == 0 {
		return args, ""
	}
	cond := strings.Join(an.guards, " && ")
	if len(an.guards) > 1 {
		cond = "(" + cond + ")"
	}
	text := cond + " ? (" + rule.value + ") : true"
	if _, err := parseRule(text); err != nil {
		// A rule ending in a comment, say: the guard would not parse.
		return args, fmt.Sprintf("the rule reads %s, which the API version requires and its storage twin makes optional, and the generator cannot guard it (%v); "+
			"the twin copies the rule as it is, and refuses an object stored without the value (\"no such key\"): write the rule with has() in the API version",
			strings.Join(an.guardedReads, ", "), err)
	}
	var quoted string
	switch args[rule.start] {
	case '"', '`':
		// The guard holds no quote and no backslash: the rule keeps its
		// own quoting and escapes.
		quoted = args[rule.start:rule.start+1] + cond + " ? (" +
			args[rule.start+1:rule.end-1] + ") : true" + args[rule.end-1:rule.end]
	default:
		quoted = strconv.Quote(text)
	}
	return args[:rule.start] + quoted + args[rule.end:], ""
}

// markerArg is an argument of a marker: its name and value, and where the
// value's text (quotes included) is in the arguments.
type markerArg struct {
	name       string
	value      string
	start, end int
}

type markerArgs []markerArg

func (ma markerArgs) get(name string) (markerArg, bool) {
	for _, a := range ma {
		if a.name == name {
			return a, true
		}
	}
	return markerArg{}, false
}

// parseMarkerArgs reads the arguments of a marker, name=value separated by
// commas, as controller-gen does (sigs.k8s.io/controller-tools/pkg/markers):
// Go tokens, a value a quoted or raw Go string or the bare text up to the
// next comma.
func parseMarkerArgs(args string) (markerArgs, error) {
	var s scanner.Scanner
	s.Init(strings.NewReader(args))
	s.Mode = scanner.ScanIdents | scanner.ScanStrings | scanner.ScanRawStrings | scanner.SkipComments
	var scanErr error
	s.Error = func(_ *scanner.Scanner, msg string) { scanErr = fmt.Errorf("%s", msg) }
	var out markerArgs
	for s.Peek() != scanner.EOF {
		if tok := s.Scan(); tok != scanner.Ident {
			return nil, fmt.Errorf("an argument's name expected at %q", args[s.Position.Offset:])
		}
		name := s.TokenText()
		if tok := s.Scan(); tok != '=' {
			return nil, fmt.Errorf("= expected after %s", name)
		}
		a := markerArg{name: name}
		switch tok := s.Scan(); tok {
		case scanner.String, scanner.RawString:
			a.start = s.Position.Offset
			a.end = a.start + len(s.TokenText())
			v, err := strconv.Unquote(s.TokenText())
			if err != nil {
				return nil, fmt.Errorf("the value of %s: %v", name, err)
			}
			a.value = v
		case scanner.EOF:
			return nil, fmt.Errorf("no value for %s", name)
		default:
			a.start = s.Position.Offset
			a.end = a.start + len(s.TokenText())
			for p := peekNoSpace(&s); p != ',' && p != scanner.EOF; p = peekNoSpace(&s) {
				s.Scan()
				a.end = s.Position.Offset + len(s.TokenText())
			}
			a.value = args[a.start:a.end]
		}
		if scanErr != nil {
			return nil, scanErr
		}
		out = append(out, a)
		if p := peekNoSpace(&s); p == ',' {
			s.Scan()
		} else if p != scanner.EOF {
			return nil, fmt.Errorf(", expected after %s", name)
		}
	}
	return out, scanErr
}

// peekNoSpace returns the next character of s, past white space.
func peekNoSpace(s *scanner.Scanner) rune {
	for p := s.Peek(); ; p = s.Peek() {
		if p != ' ' && p != '\t' && p != '\n' && p != '\r' {
			return p
		}
		s.Next()
	}
}

// parseRule parses a CEL expression as the API server does: the standard
// macros (has, all, exists, exists_one, map, filter) and the optional
// syntax (self.?field).
func parseRule(text string) (*ast.AST, error) {
	p, err := parser.NewParser(parser.Macros(parser.AllMacros...), parser.EnableOptionalSyntax(true))
	if err != nil {
		return nil, err
	}
	tree, errs := p.Parse(common.NewTextSource(text))
	if errs != nil && len(errs.GetErrors()) > 0 {
		return nil, fmt.Errorf("%s", strings.TrimSpace(errs.ToDisplayString()))
	}
	return tree, nil
}

// ruleAnalysis finds the properties a rule reads that its API version
// requires (or defaults) and the storage twin makes optional.
type ruleAnalysis struct {
	v            *version
	guards       []string // has(self.a), has(self.a.b), has(oldSelf.a): the reads that can be guarded, in order
	guardedReads []string // self.a, ...: what the guards are about
	blocked      []string // the reads that cannot be guarded
}

// celValue is what the analysis knows of a value of a rule.
type celValue struct {
	ref      *typeRef // its type; nil when the analysis does not follow it
	path     string   // self.a.b when it is a chain of selections from self or oldSelf
	optional bool     // an optional of ref (oldSelf with optionalOldSelf)
}

var celScalar = celValue{ref: &typeRef{kind: refBasic, typ: types.Typ[types.Bool]}}

func (an *ruleAnalysis) analyse(rule string, self *typeRef, optionalOldSelf bool) error {
	tree, err := parseRule(rule)
	if err != nil {
		return err
	}
	env := map[string]celValue{
		"self":    {ref: deref(self), path: "self"},
		"oldSelf": {ref: deref(self), path: "oldSelf"},
	}
	if optionalOldSelf {
		env["oldSelf"] = celValue{ref: deref(self), optional: true}
	}
	an.walk(tree.Expr(), env)
	return nil
}

func (an *ruleAnalysis) walk(e ast.Expr, env map[string]celValue) celValue {
	switch e.Kind() {
	case ast.IdentKind:
		if v, ok := env[e.AsIdent()]; ok {
			return v
		}
		return celValue{}
	case ast.LiteralKind:
		return celScalar
	case ast.SelectKind:
		s := e.AsSelect()
		op := an.walk(s.Operand(), env)
		if s.IsTestOnly() {
			return celScalar
		}
		return an.selectField(op, s.FieldName())
	case ast.CallKind:
		c := e.AsCall()
		var target celValue
		if c.IsMemberFunction() {
			target = an.walk(c.Target(), env)
		}
		var args []celValue
		for _, a := range c.Args() {
			args = append(args, an.walk(a, env))
		}
		switch c.FunctionName() {
		case "_[_]", "_[?_]":
			if r := args[0].ref; r != nil && (r.kind == refSlice || r.kind == refMap) {
				return celValue{ref: deref(r.elem)}
			}
		case "value", "orValue":
			if target.optional {
				return celValue{ref: target.ref}
			}
		}
		return celValue{}
	case ast.ComprehensionKind:
		c := e.AsComprehension()
		r := an.walk(c.IterRange(), env)
		inner := map[string]celValue{}
		for k, v := range env {
			inner[k] = v
		}
		var first, second celValue
		if r.ref != nil {
			switch r.ref.kind {
			case refSlice:
				first, second = celScalar, celValue{ref: deref(r.ref.elem)}
				if !c.HasIterVar2() {
					first = second
				}
			case refMap:
				first, second = celScalar, celValue{ref: deref(r.ref.elem)}
			}
		}
		inner[c.IterVar()] = first
		if c.HasIterVar2() {
			inner[c.IterVar2()] = second
		}
		an.walk(c.AccuInit(), env)
		inner[c.AccuVar()] = celValue{}
		an.walk(c.LoopCondition(), inner)
		an.walk(c.LoopStep(), inner)
		an.walk(c.Result(), inner)
		return celValue{}
	case ast.ListKind:
		for _, el := range e.AsList().Elements() {
			an.walk(el, env)
		}
	case ast.MapKind:
		for _, en := range e.AsMap().Entries() {
			me := en.AsMapEntry()
			an.walk(me.Key(), env)
			an.walk(me.Value(), env)
		}
	case ast.StructKind:
		for _, f := range e.AsStruct().Fields() {
			an.walk(f.AsStructField().Value(), env)
		}
	}
	return celValue{}
}

// selectField is the value of op.name, noting a read of a property the
// twin makes optional that the API version requires.
func (an *ruleAnalysis) selectField(op celValue, name string) celValue {
	if op.ref == nil || op.optional {
		// Nothing is known of the value: it may be a struct of the
		// version whose property the API version requires.
		an.block(fmt.Sprintf("%s of a value whose type the generator does not follow", name))
		return celValue{}
	}
	switch op.ref.kind {
	case refMap:
		return celValue{ref: deref(op.ref.elem)}
	case refObject:
	default:
		// A struct of another package keeps its required properties in
		// the twin, and scalars have none.
		return celScalar
	}
	o := an.v.objects[op.ref.name]
	f := o.celField(name)
	if f == nil || f.ref == nil {
		// apiVersion, kind, metadata: not properties of the version's own.
		return celScalar
	}
	next := celValue{ref: deref(f.ref)}
	if op.path != "" {
		next.path = op.path + "." + name
	}
	if !an.v.guaranteed(f) {
		return next
	}
	if op.path == "" {
		an.block(fmt.Sprintf("%s of %s (through a list's element, a map's value or a function's result)", name, o.name))
		return next
	}
	guard := "has(" + next.path + ")"
	if !slices.Contains(an.guards, guard) {
		an.guards = append(an.guards, guard)
		an.guardedReads = append(an.guardedReads, next.path)
	}
	return next
}

func (an *ruleAnalysis) block(what string) {
	if !slices.Contains(an.blocked, what) {
		an.blocked = append(an.blocked, what)
	}
}

// celField returns the property of o that CEL calls name (its JSON name,
// escaped as the API server escapes property names that are not CEL
// identifiers), nil when it has none.
func (o *object) celField(name string) *field {
	for _, f := range o.fields {
		if f.embedded || f.jsonName == "" {
			continue
		}
		if celEscape(f.jsonName) == name {
			return f
		}
	}
	return nil
}

// celReserved are the words CEL reserves, which the API server writes as
// __word__ when a property has that name (k8s.io/apiserver/pkg/cel).
var celReserved = []string{"true", "false", "null", "in", "as", "break", "const", "continue", "else",
	"for", "function", "if", "import", "let", "loop", "package", "namespace", "return", "var", "void", "while"}

// celEscape returns the name CEL gives a property named name: "" when it
// cannot name it.
func celEscape(name string) string {
	if name == "" || name[0] >= '0' && name[0] <= '9' {
		return ""
	}
	if slices.Contains(celReserved, name) {
		return "__" + name + "__"
	}
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		switch ch := name[i]; {
		case ch == '_' && i+1 < len(name) && name[i+1] == '_':
			b.WriteString("__underscores__")
			i++
		case ch == '.':
			b.WriteString("__dot__")
		case ch == '-':
			b.WriteString("__dash__")
		case ch == '/':
			b.WriteString("__slash__")
		case ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9':
			b.WriteByte(ch)
		default:
			return ""
		}
	}
	return b.String()
}

// guaranteed reports whether every object of v that holds the struct of f
// holds f too, as controller-gen writes the CRD: a property v requires
// (+required, +kubebuilder:validation:Required, or a JSON name without
// omitempty or omitzero and no +optional, unless the package says
// +kubebuilder:validation:Optional), or one it defaults.
func (v *version) guaranteed(f *field) bool {
	for _, m := range f.markers {
		if strings.HasPrefix(m, "+kubebuilder:default") || strings.HasPrefix(m, "+default") {
			return true
		}
	}
	switch {
	case f.has("+kubebuilder:validation:Optional"):
		return false
	case f.has("+kubebuilder:validation:Required"):
		return true
	case f.has(markerOptional), f.has("+k8s:optional"):
		return false
	case f.has("+required"), f.has("+k8s:required"):
		return true
	case v.optionalByDefault:
		return false
	}
	_, opts := jsonTag(f.tag)
	for _, o := range strings.Split(opts, ",") {
		if o == "omitempty" || o == "omitzero" || o == "inline" {
			return false
		}
	}
	return true
}
