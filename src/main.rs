fn main() {
    std::process::exit(deckhand::cli::main());
}
