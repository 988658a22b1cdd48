from server.rulebook import main

main()
