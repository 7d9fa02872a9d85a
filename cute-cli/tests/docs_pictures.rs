//! The pictures committed under `docs/cli/` are what the command makes: every command of the
//! table in `docs/cli/README.md` is run again (writing to a temporary file) and its picture
//! compared with the committed one, byte for byte.

mod common;

use common::cute;

/// The words of a command line: spaces separate them, single quotes group them.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    out.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        out.push(word);
    }
    out
}

#[test]
fn committed_pictures_are_what_the_command_makes() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let table = std::fs::read_to_string(format!("{root}/docs/cli/README.md")).expect("README");
    let dir = std::env::temp_dir().join(format!("cute-cli-docs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut checked = 0;
    for line in table.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let command = cells
            .last()
            .and_then(|c| c.trim_end_matches(" |").strip_prefix("`cute "))
            .and_then(|c| c.strip_suffix('`'))
            .unwrap_or_else(|| panic!("no command in {line}"));
        let mut args = words(command);
        let k = args
            .iter()
            .position(|a| a == "--svg" || a == "--latex")
            .expect("a picture flag");
        let committed = format!("{root}/{}", args[k + 1]);
        let fresh = dir.join(format!("{checked}.out"));
        args[k + 1] = fresh.to_str().expect("path").to_string();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = cute(&args, "");
        assert_eq!(run.status, 0, "{command}: {}", run.stderr);
        let want = std::fs::read(&committed).expect("committed picture");
        let got = std::fs::read(&fresh).expect("fresh picture");
        assert!(
            want == got,
            "{committed} is not what `cute {command}` makes"
        );
        checked += 1;
    }
    assert_eq!(checked, 6);
    let _ = std::fs::remove_dir_all(&dir);
}
