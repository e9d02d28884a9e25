package reflectbags

// TwinEntriesForTest is twinEntries, for the tests of package reflectbags_test.
var TwinEntriesForTest = twinEntries

// HeldByValueForTest is heldByValue, for the tests of package reflectbags_test.
var HeldByValueForTest = heldByValue
