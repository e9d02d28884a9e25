//go:build ignore

// exported-names counts the exported names of hubspoke's library packages,
// as a reader of their documentation meets them: each exported constant,
// variable, function and type, and each exported method of an exported
// type (struct fields and interface methods are not counted). It prints one
// line per package and the total; with -list, every name.
//
//	go run hack/exported-names.go [-list] [-max N]
//
// Run it from the repository root. It reads the source with go/doc, so it
// needs no build; _test.go files are left out. With -max it exits 1 when
// the total is above N.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"strings"
)

// packages are the library packages, as directories from the root.
var packages = []string{
	"propertybag", "genruntime", "augment", "compat", "hub",
	"convert", "convert/webhook", "convert/convtest", "boundary", "boundary/reflectbags",
}

func main() {
	list := flag.Bool("list", false, "print every exported name")
	max := flag.Int("max", -1, "exit 1 when the total is above this")
	flag.Parse()
	total := 0
	for _, dir := range packages {
		names, err := exported(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "exported-names:", err)
			os.Exit(2)
		}
		fmt.Printf("%-18s %3d\n", dir, len(names))
		if *list {
			for _, n := range names {
				fmt.Printf("    %s\n", n)
			}
		}
		total += len(names)
	}
	fmt.Printf("%-18s %3d\n", "total", total)
	if *max >= 0 && total > *max {
		fmt.Fprintf(os.Stderr, "exported-names: %d exported names, more than %d\n", total, *max)
		os.Exit(1)
	}
}

// exported returns the exported names of the package in dir.
func exported(dir string) ([]string, error) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, p := range pkgs {
		for _, f := range p.Files {
			files = append(files, f)
		}
	}
	p, err := doc.NewFromFiles(fset, files, "example.com/"+dir)
	if err != nil {
		return nil, err
	}
	var names []string
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			for _, n := range v.Names {
				if token.IsExported(n) {
					names = append(names, n)
				}
			}
		}
	}
	funcs := func(prefix string, fs []*doc.Func) {
		for _, f := range fs {
			names = append(names, prefix+f.Name)
		}
	}
	values(p.Consts)
	values(p.Vars)
	funcs("", p.Funcs)
	for _, t := range p.Types {
		names = append(names, t.Name)
		values(t.Consts)
		values(t.Vars)
		funcs("", t.Funcs)
		funcs(t.Name+".", t.Methods)
	}
	return names, nil
}
