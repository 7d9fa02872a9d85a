//! `print_layout` draws CuTe's grid character for character: the three grids of
//! `shared/reference/notes_layout_algebra_zh.md`. (The notes' copies lost CuTe's trailing blank
//! after the column header; CuTe's `printf("  %*d ", ...)` prints it, and so do we.)

use cute_dynamic::print_layout;

fn grid(layout: &str) -> String {
    print_layout(&layout.parse().expect("layout parses")).expect("rank-2 layout")
}

#[test]
fn blocked_rows() {
    let want = "\
((2,2),2):((4,2),1)
      0   1 \n    +---+---+
 0  | 0 | 1 |
    +---+---+
 1  | 4 | 5 |
    +---+---+
 2  | 2 | 3 |
    +---+---+
 3  | 6 | 7 |
    +---+---+
";
    assert_eq!(grid("((2,2),2):((4,2),1)"), want);
}

#[test]
fn two_digit_offsets() {
    let want = "\
(8,(2,2)):(2,(1,16))
       0    1    2    3 \n    +----+----+----+----+
 0  |  0 |  1 | 16 | 17 |
    +----+----+----+----+
 1  |  2 |  3 | 18 | 19 |
    +----+----+----+----+
 2  |  4 |  5 | 20 | 21 |
    +----+----+----+----+
 3  |  6 |  7 | 22 | 23 |
    +----+----+----+----+
 4  |  8 |  9 | 24 | 25 |
    +----+----+----+----+
 5  | 10 | 11 | 26 | 27 |
    +----+----+----+----+
 6  | 12 | 13 | 28 | 29 |
    +----+----+----+----+
 7  | 14 | 15 | 30 | 31 |
    +----+----+----+----+
";
    assert_eq!(grid("(8,(2,2)):(2,(1,16))"), want);
}

#[test]
fn appended_static_layout() {
    let want = "\
(_3,_4):(_2,_1)
      0   1   2   3 \n    +---+---+---+---+
 0  | 0 | 1 | 2 | 3 |
    +---+---+---+---+
 1  | 2 | 3 | 4 | 5 |
    +---+---+---+---+
 2  | 4 | 5 | 6 | 7 |
    +---+---+---+---+
";
    let a = "_3:_2".parse().unwrap();
    let b = "_4:_1".parse().unwrap();
    let ab = cute_dynamic::append(&a, &b).unwrap();
    assert_eq!(print_layout(&ab).unwrap(), want);
}

#[test]
fn rank_one_is_a_single_row() {
    let want = "\
_4:_2
      0   1   2   3 \n    +---+---+---+---+
 0  | 0 | 2 | 4 | 6 |
    +---+---+---+---+
";
    assert_eq!(grid("_4:_2"), want);
}

#[test]
fn rank_three_is_an_error() {
    assert!(print_layout(&"(2,2,2):(1,2,4)".parse().unwrap()).is_err());
}

#[test]
fn wide_offsets_keep_cute_rule_width() {
    // CuTe cuts the rule at the 24 characters of its delimiter string.
    let g = grid("(2,2):(1,100000000)");
    assert!(g.lines().nth(2).unwrap().starts_with("    +-----------+"));
}
