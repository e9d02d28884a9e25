package genruntime

import (
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"
)

// DeepClone returns a deep copy of v. It is meant for values whose types were
// not generated with their own copy code: nested structs, pointers, slices,
// maps, arrays, and interfaces holding any of these.
//
// What is copied and how:
//
//   - Nil pointers, slices, maps and interfaces stay nil. Empty, non-nil
//     slices and maps stay empty and non-nil.
//   - Pointers, slices and maps get new memory, so changing the clone is never
//     seen in v and the other way round. A slice clone has capacity equal to
//     its length.
//   - An interface gets a deep copy of its dynamic value, with the same
//     dynamic type.
//   - A map's keys are deep-copied too. Only an unusual key (a pointer, or an
//     interface holding one) actually changes.
//   - Strings are shared, which is safe because Go strings are immutable.
//     Channels, funcs and unsafe.Pointers are copied by reference: the clone
//     refers to the same channel or function.
//   - Unexported struct fields, including embedded fields of unexported
//     type, are copied as they are by the struct assignment (reflection
//     cannot set them). They are shallow: a pointer, slice or map in an
//     unexported field is shared with v. Types that hide references in
//     unexported fields should have a DeepCopy method. Note that time.Time
//     shares only its *time.Location, which is never modified.
//   - DeepCopy methods: if a type T has a method DeepCopy() T, with a value
//     or pointer receiver (resource.Quantity has this form), or *T has the
//     method DeepCopy() *T that deepcopy-gen generates (metav1.Time has
//     this form), DeepClone calls it for every value of that type instead
//     of looking inside. The first form wins if a type has both. Nil values
//     of nil-able types stay nil and the method is not called, even when
//     the method would turn nil into empty. A promoted method of an embedded field
//     returns the embedded type, not T, so it does not count. The method
//     must not itself call DeepClone on the same type, or the two call each
//     other forever.
//   - Sharing and cycles: the clone keeps the shape of the source. Two
//     pointers of the same type to the same value, the same map reached
//     twice, or the same slice (same start, length and type) reached twice
//     are copied once, and the copies are shared the same way. So pointer
//     cycles are reproduced, with no endless recursion. Slices that only
//     partly overlap become separate copies, and a pointer into the middle
//     of a struct or array is copied apart from the enclosing value.
//
// DeepClone never panics on ordinary data (a DeepCopy method that panics is
// another matter). It does not recurse: nested parts
// are kept on a work stack on the heap, so a deeply nested value (a linked
// list of a million nodes) cannot overflow the goroutine stack.
//
// For speed, what DeepClone decides about each type is worked out once and
// kept in a process-wide cache: whether the type holds references at all (if
// not, a value is copied by one assignment), which struct fields need deep
// copying, and which DeepCopy method to call. DeepClone is safe for concurrent
// use, provided that nobody modifies v during the call.
func DeepClone[T any](v T) T {
	info := typeInfoFor(reflect.TypeFor[T]())
	if info.mode == modePlain {
		return v // no allocation: only in is taken by address below
	}
	in := v
	var out T
	c := clonerPool.Get().(*cloner)
	c.run(reflect.ValueOf(&out).Elem(), reflect.ValueOf(&in).Elem(), info)
	c.release()
	return out
}

// cloneMode says how values of one type are deep-copied.
type cloneMode uint8

const (
	modePlain     cloneMode = iota // no references reachable: copy by assignment
	modeMethod                     // DeepCopy() T on T or *T
	modeMethodPtr                  // DeepCopy() *T on *T (Kubernetes style)
	modePointer
	modeSlice
	modeMap
	modeInterface
	modeArray
	modeStruct
)

// typeInfo is the cached decision for one type. It holds no references to
// the typeInfo of types reached through pointers, slices or maps. Those are
// looked up lazily (elem, key), which is what lets recursive types such as
// type Node struct{ Next *Node } be described without endless recursion.
type typeInfo struct {
	typ  reflect.Type
	mode cloneMode

	method  reflect.Value // modeMethod, modeMethodPtr: the method as a func taking the receiver
	ptrRecv bool          // modeMethod: the receiver is *T, not T
	nilable bool          // the type has a nil value (pointer, slice, map, ...)

	fields []fieldInfo // modeStruct: exported fields that need more than assignment

	elem atomic.Pointer[typeInfo] // modePointer, modeSlice, modeMap, modeArray: element type
	key  atomic.Pointer[typeInfo] // modeMap: key type
}

type fieldInfo struct {
	index int
	info  *typeInfo
}

func (ti *typeInfo) elemInfo() *typeInfo {
	if e := ti.elem.Load(); e != nil {
		return e
	}
	e := typeInfoFor(ti.typ.Elem())
	ti.elem.Store(e)
	return e
}

func (ti *typeInfo) keyInfo() *typeInfo {
	if k := ti.key.Load(); k != nil {
		return k
	}
	k := typeInfoFor(ti.typ.Key())
	ti.key.Store(k)
	return k
}

// typeInfos caches reflect.Type -> *typeInfo for the life of the process.
var typeInfos sync.Map

func typeInfoFor(t reflect.Type) *typeInfo {
	if ti, ok := typeInfos.Load(t); ok {
		return ti.(*typeInfo)
	}
	ti, _ := typeInfos.LoadOrStore(t, newTypeInfo(t))
	return ti.(*typeInfo)
}

// newTypeInfo works out how to copy t. It recurses only into types held by
// value (struct fields, array elements). Go does not allow such types to
// contain themselves, so it always finishes.
func newTypeInfo(t reflect.Type) *typeInfo {
	ti := &typeInfo{typ: t}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		ti.nilable = true
	}
	if t.Kind() != reflect.Interface {
		if m, ok := t.MethodByName("DeepCopy"); ok && returnsOnly(m.Type, t) {
			ti.mode, ti.method = modeMethod, m.Func
			return ti
		}
		pt := reflect.PointerTo(t)
		if m, ok := pt.MethodByName("DeepCopy"); ok {
			switch {
			case returnsOnly(m.Type, t):
				ti.mode, ti.method, ti.ptrRecv = modeMethod, m.Func, true
				return ti
			case returnsOnly(m.Type, pt):
				ti.mode, ti.method = modeMethodPtr, m.Func
				return ti
			}
		}
	}
	switch t.Kind() {
	case reflect.Pointer:
		ti.mode = modePointer
	case reflect.Slice:
		ti.mode = modeSlice
	case reflect.Map:
		ti.mode = modeMap
	case reflect.Interface:
		ti.mode = modeInterface
	case reflect.Array:
		if t.Len() > 0 {
			if e := typeInfoFor(t.Elem()); e.mode != modePlain {
				ti.mode = modeArray
				ti.elem.Store(e)
			}
		}
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue // copied shallow by the struct assignment
			}
			if fi := typeInfoFor(f.Type); fi.mode != modePlain {
				ti.fields = append(ti.fields, fieldInfo{index: i, info: fi})
			}
		}
		if len(ti.fields) > 0 {
			ti.mode = modeStruct
		}
	default:
		// Booleans, numbers and strings hold no mutable references. Channels,
		// funcs and unsafe.Pointers are copied by reference on purpose.
		ti.mode = modePlain
	}
	return ti
}

// returnsOnly reports whether the method type fn (receiver first) takes no
// argument besides its receiver and returns exactly one value of type out.
func returnsOnly(fn reflect.Type, out reflect.Type) bool {
	return fn.NumIn() == 1 && fn.NumOut() == 1 && fn.Out(0) == out
}

// visitKey identifies a pointer, map or slice already copied in this call. It
// includes the type, so that a struct and its first field, which share an
// address, are kept apart. For slices it includes the length.
type visitKey struct {
	ptr unsafe.Pointer
	typ reflect.Type
	len int
}

// taskOp is what a task on the cloner's work stack does.
type taskOp uint8

const (
	opCopy      taskOp = iota // deep-copy src into dst, pushing tasks for the parts below it
	opSet                     // dst.Set(src), once src has been filled in
	opMapInsert               // dst.SetMapIndex(src, val), once key and value are filled in
)

type task struct {
	op            taskOp
	info          *typeInfo
	dst, src, val reflect.Value
}

// cloner holds the state of one DeepClone call. Instead of recursing, it
// keeps an explicit stack of tasks. Go stacks can grow to 1 GB, and a deep
// value (a long linked list, say) would otherwise make a deep goroutine stack
// that is slow for the garbage collector to scan and, past that limit,
// fatal. A parent's final step (putting a finished value into a map or an
// interface) is pushed below the tasks that fill in its children. The stack
// is last in, first out, so the children are done by the time that step
// runs.
type cloner struct {
	stack []task
	seen  map[visitKey]reflect.Value // source reference -> its copy
}

var clonerPool = sync.Pool{New: func() any { return new(cloner) }}

// run stores a deep copy of src into dst. dst must be settable and of the
// same type as src, and info must describe that type.
func (c *cloner) run(dst, src reflect.Value, info *typeInfo) {
	c.copy(dst, src, info)
	for n := len(c.stack); n > 0; n = len(c.stack) {
		t := c.stack[n-1]
		c.stack[n-1] = task{} // do not keep the source reachable from the pool
		c.stack = c.stack[:n-1]
		switch t.op {
		case opCopy:
			c.copy(t.dst, t.src, t.info)
		case opSet:
			t.dst.Set(t.src)
		case opMapInsert:
			t.dst.SetMapIndex(t.src, t.val)
		}
	}
}

// release clears c and returns it to the pool.
func (c *cloner) release() {
	clear(c.seen)
	if cap(c.stack) > 1024 {
		c.stack = nil // do not let one huge clone pin memory
	}
	clonerPool.Put(c)
}

func (c *cloner) push(t task) {
	c.stack = append(c.stack, t)
}

// pushCopy schedules copying src into dst. A nil src needs no work, because
// dst is always either the zero value or a shallow copy of src (see copy), so
// dst is nil already. Skipping those keeps the stack short: a linked list
// does not leave its nil Prev, Children and so on behind at every node.
func (c *cloner) pushCopy(info *typeInfo, dst, src reflect.Value) {
	if info.nilable && src.IsNil() {
		return
	}
	c.stack = append(c.stack, task{op: opCopy, info: info, dst: dst, src: src})
}

func (c *cloner) lookup(k visitKey) (reflect.Value, bool) {
	v, ok := c.seen[k]
	return v, ok
}

func (c *cloner) remember(k visitKey, v reflect.Value) {
	if c.seen == nil {
		c.seen = make(map[visitKey]reflect.Value)
	}
	c.seen[k] = v
}

// copy does the part of copying src into dst that can be done now, and pushes
// tasks for the nested parts. dst must be settable, of src's type, and
// described by info. It must also hold either the zero value or a shallow
// copy of src. Every destination does: a new pointer's target, a new slice's
// element and a temporary are zero, and a struct's fields and an array's
// elements have just been assigned from src. Every new pointer, slice
// and map is recorded in seen before any task for its contents is pushed.
// A cycle back to it therefore finds the copy and does not start another.
func (c *cloner) copy(dst, src reflect.Value, info *typeInfo) {
	switch info.mode {
	case modePlain:
		dst.Set(src)

	case modeMethod, modeMethodPtr:
		c.copyByMethod(dst, src, info)

	case modePointer:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		k := visitKey{ptr: src.UnsafePointer(), typ: info.typ}
		if p, ok := c.lookup(k); ok {
			dst.Set(p)
			return
		}
		p := reflect.New(info.typ.Elem())
		c.remember(k, p)
		dst.Set(p)
		c.pushCopy(info.elemInfo(), p.Elem(), src.Elem())

	case modeSlice:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		n := src.Len()
		if n == 0 {
			dst.Set(reflect.MakeSlice(info.typ, 0, 0))
			return
		}
		k := visitKey{ptr: src.UnsafePointer(), typ: info.typ, len: n}
		if s, ok := c.lookup(k); ok {
			dst.Set(s)
			return
		}
		// Make the new backing array in dst itself. Unlike reflect.MakeSlice,
		// this allocates no slice header. dst may still point at the source's
		// array (a shallow copy), so it is cleared first. Otherwise Grow
		// could reuse the source's spare capacity.
		dst.SetZero()
		dst.Grow(n)
		dst.SetLen(n)
		dst.SetCap(n)
		s := dst
		c.remember(k, s) // s refers to dst, which is written only here
		if elem := info.elemInfo(); elem.mode == modePlain {
			reflect.Copy(s, src)
		} else {
			for i := n - 1; i >= 0; i-- { // pushed in reverse, so done in order
				c.pushCopy(elem, s.Index(i), src.Index(i))
			}
		}

	case modeMap:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		k := visitKey{ptr: src.UnsafePointer(), typ: info.typ}
		if m, ok := c.lookup(k); ok {
			dst.Set(m)
			return
		}
		m := reflect.MakeMapWithSize(info.typ, src.Len())
		c.remember(k, m)
		dst.Set(m)
		keyInfo, elemInfo := info.keyInfo(), info.elemInfo()
		iter := src.MapRange()
		if keyInfo.mode == modePlain && elemInfo.mode == modePlain {
			// Reused temporaries: SetIterKey/SetIterValue do not allocate
			// per entry, as iter.Key/iter.Value do for strings.
			nk, nv := reflect.New(info.typ.Key()).Elem(), reflect.New(info.typ.Elem()).Elem()
			for iter.Next() {
				nk.SetIterKey(iter)
				nv.SetIterValue(iter)
				m.SetMapIndex(nk, nv)
			}
			return
		}
		kt, vt := info.typ.Key(), info.typ.Elem()
		for iter.Next() {
			key, val := iter.Key(), iter.Value()
			if keyInfo.mode == modePlain {
				// Plain keys need no copy. Plain values were ruled out
				// above, so val is copied, and the insert waits for it.
				nv := reflect.New(vt).Elem()
				c.push(task{op: opMapInsert, dst: m, src: key, val: nv})
				c.pushCopy(elemInfo, nv, val)
				continue
			}
			nk, nv := reflect.New(kt).Elem(), val
			if elemInfo.mode != modePlain {
				nv = reflect.New(vt).Elem()
			}
			c.push(task{op: opMapInsert, dst: m, src: nk, val: nv})
			c.pushCopy(keyInfo, nk, key)
			if elemInfo.mode != modePlain {
				c.pushCopy(elemInfo, nv, val)
			}
		}

	case modeInterface:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		e := src.Elem()
		ei := typeInfoFor(e.Type())
		if ei.mode == modePlain {
			dst.Set(e)
			return
		}
		// An interface holds its dynamic value by copy, so the value must be
		// complete before it is stored: copy into a temporary, then set.
		v := reflect.New(e.Type()).Elem()
		c.push(task{op: opSet, dst: dst, src: v})
		c.pushCopy(ei, v, e)

	case modeArray:
		elem := info.elemInfo()
		for i := src.Len() - 1; i >= 0; i-- {
			c.pushCopy(elem, dst.Index(i), src.Index(i))
		}

	case modeStruct:
		dst.Set(src) // all fields, unexported ones included (shallow)
		for i := len(info.fields) - 1; i >= 0; i-- {
			f := info.fields[i]
			c.pushCopy(f.info, dst.Field(f.index), src.Field(f.index))
		}
	}
}

// copyByMethod copies src into dst with the type's own DeepCopy method.
func (c *cloner) copyByMethod(dst, src reflect.Value, info *typeInfo) {
	var k visitKey
	if info.nilable {
		if src.IsNil() {
			dst.SetZero()
			return
		}
		if kind := info.typ.Kind(); kind == reflect.Pointer || kind == reflect.Map {
			// Keep sharing between equal references, as for reflected copies.
			// A cycle that runs through a DeepCopy method is the method's
			// own business.
			k = visitKey{ptr: src.UnsafePointer(), typ: info.typ}
			if v, ok := c.lookup(k); ok {
				dst.Set(v)
				return
			}
		}
	}
	recv := src
	if info.mode == modeMethodPtr || info.ptrRecv {
		if src.CanAddr() {
			recv = src.Addr()
		} else {
			p := reflect.New(info.typ)
			p.Elem().Set(src)
			recv = p
		}
	}
	out := info.method.Call([]reflect.Value{recv})[0]
	if info.mode == modeMethodPtr {
		if out.IsNil() {
			dst.SetZero()
			return
		}
		out = out.Elem()
	}
	dst.Set(out)
	if k.ptr != nil {
		c.remember(k, out)
	}
}
